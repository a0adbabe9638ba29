// The date fields of the portal (MUI X pickers, web/src/dates): driven as a user does, by typing.

/**
 * The field labelled `label` in `scope` (a string matches the whole label, a RegExp a part: a
 * required field's label ends with " *"): the group of its day / month / year (hour, minute) sections.
 */
export const dateField = (scope, label) => scope.getByRole('group', { name: label, exact: typeof label === 'string' });

/**
 * Types `text` (as shown: `DD/MM/YYYY` or `DD/MM/YYYY HH:mm`) into the date field labelled `label`,
 * over what it held: the digits fill the sections one after the other, as typed on a keyboard.
 */
export async function typeDate(page, scope, label, text) {
  await dateField(scope, label).getByRole('spinbutton').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text.replace(/\D/g, ''));
}

/** The text a date field shows (its hidden input holds it), by the field's id. */
export const shownDate = (scope, id) => scope.locator(`input#${id}`).inputValue();

/** `YYYY-MM-DD` → `DD/MM/YYYY`, and back. */
export const dmy = (iso) => iso.slice(0, 10).split('-').reverse().join('/');
export const isoDay = (shown) => shown.slice(0, 10).split('/').reverse().join('-');

/** The calendar day `date` falls on in `timeZone`, `YYYY-MM-DD`. */
export const dayIn = (timeZone, date = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(date);

/** `DD/MM/YYYY HH:mm` of `date` in `timeZone`: what a date-time field shows. */
export function shownIn(date, timeZone) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}
