import { useState } from 'react';
import { Button, Checkbox, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { useTranslate } from 'ra-core';
import type { UiPreferences } from '@portal/contracts';
import { usePreference } from '../preferences/usePreference';

/** The hidden columns of a preference value ("a,b"), and the value of a new choice. */
export const hiddenOf = (value: string): Set<string> => new Set(value.split(',').filter(Boolean));
/** Columns absent from the list at the moment (prices shown to some users only) stay hidden as chosen. */
export const hiddenValue = (hidden: Set<string>, columns: string[]): string =>
  [...columns.filter((c) => hidden.has(c)), ...[...hidden].filter((c) => !columns.includes(c))].join(',');

/**
 * Which columns a wide list shows, saved per user on the server (follows them to another computer).
 * Answers the hidden keys and the button that opens the choice; one column at least stays shown.
 */
export function useColumnChooser(preference: keyof UiPreferences, columns: { key: string; label: string }[]) {
  const translate = useTranslate();
  const [value, save] = usePreference(preference);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hidden = hiddenOf(value);
  const keys = columns.map((c) => c.key);
  const shown = keys.filter((k) => !hidden.has(k)).length;
  const toggle = (key: string) => {
    const next = new Set(hidden);
    if (!next.delete(key)) next.add(key);
    void save(hiddenValue(next, keys));
  };
  const menuId = `columns-${preference}`;
  const button = (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {translate('lists.columns')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {columns.map((c) => {
          const on = !hidden.has(c.key);
          return (
            <MenuItem
              key={c.key}
              role="menuitemcheckbox"
              aria-checked={on}
              disabled={on && shown === 1}
              onClick={() => toggle(c.key)}
              dense
            >
              <ListItemIcon>
                <Checkbox
                  size="small"
                  edge="start"
                  checked={on}
                  tabIndex={-1}
                  disableRipple
                  slotProps={{ input: { 'aria-hidden': true } }}
                />
              </ListItemIcon>
              <ListItemText>{c.label}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
  return { hidden, button };
}
