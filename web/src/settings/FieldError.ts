type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The helper text of a field from the error envelope's `fields` (spec §5 generic messages). */
export function fieldError(fields: Record<string, string>, name: string, translate: Translate): string | undefined {
  const key = fields[name];
  return key ? translate(`fields.${key}`, { _: key }) : undefined;
}
