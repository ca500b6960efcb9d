/** Finding a company by what one types (the sidebar's search, the firm overview's): case and accents do not matter. */
import type { CompanySummary } from '../../../electron/common/companies';

export const fold = (text: string): string => text.toLocaleLowerCase('sv').normalize('NFKD').replace(/\p{M}/gu, '');

/** Every word of the search is in one of the parts. */
export function matchesWords(parts: readonly string[], search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(parts.join(' '));
  return words.every((word) => haystack.includes(word));
}

/** A company's name, organisation number (with or without its dash), tenant id and tags. */
export const searchPartsOf = (company: Pick<CompanySummary, 'name' | 'organisationNumber' | 'tenantId'> & { tags?: readonly string[] | undefined }): string[] => [
  company.name,
  company.organisationNumber,
  company.organisationNumber.replace(/\D/g, ''),
  company.tenantId,
  ...(company.tags ?? []),
];
