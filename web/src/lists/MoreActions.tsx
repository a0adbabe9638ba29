import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, IconButton, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslate } from 'ra-core';

/** A page's less used action: a link (`to`) or a command (`onClick`). */
export interface PageAction {
  key: string;
  label: string;
  to?: string;
  onClick?: () => void;
}

/**
 * A list page's secondary actions: outlined buttons at a desk, one « Autres actions » menu on a phone,
 * so that the page's main action and its first results stay on the first screen.
 */
export function MoreActions({ actions }: { actions: PageAction[] }) {
  const translate = useTranslate();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!actions.length) return null;
  if (!phone)
    return actions.map((a) =>
      a.to ? (
        <Button key={a.key} variant="outlined" component={RouterLink} to={a.to}>
          {a.label}
        </Button>
      ) : (
        <Button key={a.key} variant="outlined" onClick={a.onClick}>
          {a.label}
        </Button>
      ),
    );
  return (
    <>
      <IconButton
        aria-label={translate('lists.moreActions')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((a) =>
          a.to ? (
            <MenuItem key={a.key} component={RouterLink} to={a.to} onClick={() => setAnchor(null)}>
              {a.label}
            </MenuItem>
          ) : (
            <MenuItem
              key={a.key}
              onClick={() => {
                setAnchor(null);
                a.onClick?.();
              }}
            >
              {a.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
