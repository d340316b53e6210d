/**
 * A server refusal that names the field it is about, as the API writes them ("currentPassword: The
 * current password is not correct"), split into the field and the sentence. A form puts the sentence
 * under that field and a toast says it without the name: "currentPassword" means nothing to a
 * teacher or a student. An item of a list field ("bullets.2: …", the path the server's validation
 * names) is that field's. `field` is null when the message names none of `fields`.
 */
export function fieldMessage<F extends string>(message: string, fields: readonly F[]): { field: F | null; text: string } {
  const match = /^([A-Za-z][A-Za-z0-9]*)(?:\.[A-Za-z0-9]+)*: (.+)$/s.exec(message);
  const name = match?.[1];
  const field = fields.find((candidate) => candidate === name);
  return field !== undefined && match?.[2] ? { field, text: match[2] } : { field: null, text: message };
}
