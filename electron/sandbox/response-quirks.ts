/** Odd-but-real shapes and rules of the service that tests switch on (control.setResponseQuirks). */
export interface ResponseQuirks {
  /** No MetaInformation, and `limit` ignored: the whole result in one response. */
  omitMetaInformation?: boolean;
  /** Unknown fields on the response and on every item. */
  extraFields?: boolean;
  /** Total and Balance as strings ("1234.5"), CurrencyUnit as a string. */
  numbersAsStrings?: boolean;
  /** CurrencyRate as a JSON number (the official schema) instead of a string (real responses). */
  currencyRateAsNumber?: boolean;
  /**
   * Every third item (DocumentNumber divisible by 3) has `null` in fields that are never null in the
   * recorded responses (CustomerName, Total, Currency, Sent) and lacks others (DueDate, Booked, OCR).
   * A `null` there is unconfirmed (docs/service.md, List responses); the sandbox assumes it.
   */
  nullFields?: boolean;
  /**
   * A filter and a search in one request are refused (400, code 2000588), on every list that has
   * both: the docs' "only one resource-specific filter at a time" read strictly. The sandbox
   * follows public clients and takes them together by default; which reading holds is
   * unconfirmed (docs/service.md, A filter and a search together), so the app must work under this one too. Unlike the other quirks it
   * applies to invoices, supplier invoices and customers.
   */
  oneResourceParameter?: boolean;
}
