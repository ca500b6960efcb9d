#!/usr/bin/env bash
# Each source file that names "supplier", its class, and whether it names the word in code or
# only in comments (docs/decisions/0008-every-list-is-one-description.md).
# Run from the repository root: bash docs/supplier-measure.sh | awk '{print $1, $2}' | sort | uniq -c
set -u
for f in $(git grep -il supplier HEAD -- 'electron/*.ts' 'electron/*.tsx' 'renderer/*.ts' 'renderer/*.tsx' ':!electron/sandbox/*' | sed 's/^HEAD://'); do
code=$(git show HEAD:$f | grep -i supplier | grep -vE '^\s*(//|\*|/\*)' | wc -l)
case $f in
  electron/common/supplier-invoices.ts|electron/common/lists/supplierinvoices.ts|electron/common/lists/payments.ts|electron/api/supplier-invoice-*|electron/supplierinvoices/*|renderer/features/supplierinvoices/*|renderer/i18n/suppliers-*) c=own;;
  electron/common/lists/registry.ts|electron/common/resources.ts|electron/api/list-endpoints.ts|electron/mirror/queries/queryable-resources.ts|electron/app-services.ts|electron/lists/service-lists.ts|electron/ipc/contract.ts|electron/common/channels.ts|electron/ipc/schemas.ts|renderer/features/workspace/CompanyWorkspace.tsx|renderer/i18n/sv.ts|renderer/i18n/en.ts|renderer/features/payments/InvoicePayments.tsx|renderer/features/workspace/ListSide.tsx|renderer/features/workspace/access-text.ts|renderer/features/grid/view-spec.ts|electron/mirror/queries/mirror-query.ts) c=registry-line;;
  electron/mirror/storage/mirror-schema.ts|electron/mirror/storage/sort-indexes.ts|electron/mirror/storage/tallies.ts|electron/mirror/storage/payment-schema.ts|electron/mirror/storage/payment-days-schema.ts|electron/mirror/storage/digest-schema.ts) c=schema;;
  electron/common/payables.ts|electron/common/receivables.ts|electron/common/cash-outlook.ts|electron/common/owed.ts|electron/common/lists/owed-sql.ts|electron/common/days-outstanding.ts|electron/mirror/queries/money-history.ts|electron/mirror/access/mirror-api.ts|electron/overview/overview-handlers.ts|renderer/features/overview/*|electron/cli/run-report.ts|electron/cli/report-args.ts|renderer/i18n/receivables-*|renderer/i18n/statement-en.ts|renderer/i18n/workspace-en.ts) c=overview;;
  electron/common/digest.ts|electron/mirror/queries/digest.ts|electron/cli/digest-args.ts|electron/cli/run-digest.ts|renderer/i18n/digest-en.ts) c=digest;;
  electron/common/settings.ts|electron/settings/*|renderer/features/settings/*|electron/auth/scopes.ts|electron/platform/dialogs.ts|electron/api/api-attempt.ts|electron/api/api-client.ts|electron/companies/company-session.ts|electron/cli/pdf-dir.ts|electron/invoices/invoice-pdf.ts|electron/cli/run.ts|electron/cli/export-args.ts) c=scans-cli;;
  *) c=generic;;
esac
[ $code = 0 ] && k=comment || k=code
echo "$c $k $f"
done
