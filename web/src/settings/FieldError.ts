type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The helper text of a field from the error envelope's `fields` (spec §5 generic messages). */
export function fieldError(fields: Record<string, string>, name: string, translate: Translate): string | undefined {
  const key = fields[name];
  // A field key (§8 generic messages), else an error key the server set on the field (loginAlreadyExists).
  return key ? translate(`fields.${key}`, { _: translate(`errors.${key}`, { _: key }) }) : undefined;
}
