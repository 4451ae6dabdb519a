/**
 * A server's refusal names its field first ("capacity: must be at most 100000", "hours.2.open:
 * …", "Invalid body: devEui: must be 16 hex digits"): the one reading of it for every form, to
 * put it at that field and say it there as a sentence.
 */
const NAMED = /^(?:Invalid body:\s*)?([A-Za-z]+)(?:\.[\w.]+)?:\s*(.+)$/s;

/** The field a refusal names ("email: …" names email), or null. */
export function fieldOfError(message: string): string | null {
  return NAMED.exec(message)?.[1] ?? null;
}

/** What to say at that field: the refusal without its field's name, starting as a sentence. */
export function fieldMessage(message: string): string {
  const text = NAMED.exec(message)?.[2] ?? message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
