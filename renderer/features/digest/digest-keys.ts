/** The digest's queries: one company's (its id) or every company's ('*'). Apart so the sync state can mark one stale. */
export const digestKeys = { all: ['digest'] as const, of: (companyId: string | null) => ['digest', companyId ?? '*'] as const };
