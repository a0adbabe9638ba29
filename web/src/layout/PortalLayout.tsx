import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import {
  AppBar,
  Box,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslate } from 'ra-core';
import { useUser } from '../user/useUser';
import { useApps } from '../apps/useApps';
import { AnnouncementsBanner } from '../announcements/AnnouncementsBanner';
import { HeaderLogo } from './HeaderLogo';
import { LogoutButton } from './LogoutButton';
import { DemoLoadingNotice } from './DemoLoadingNotice';
import { QueuedNotice } from './QueuedNotice';
import { ReportQuickAccess } from '../reports/ReportQuickAccess';
import { useReports } from '../reports/useReports';

const DRAWER_WIDTH = 248;

/** App bar, side menu of real links (keyboard and middle-click work), announcements, content. */
export function PortalLayout({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const user = useUser();
  const apps = useApps(user?.uuid);
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { reports } = useReports();

  const link = (to: string, label: string) => (
    <ListItem key={to} disablePadding>
      <ListItemButton
        component={RouterLink}
        to={to}
        selected={pathname === to || pathname.startsWith(`${to}/`)}
        aria-current={pathname === to ? 'page' : undefined}
        onClick={() => setOpen(false)}
      >
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );

  const menu = (
    <Box component="nav" aria-label={translate('app.mainMenu')}>
      <Toolbar />
      <List>
        {link('/dashboard', translate('nav.dashboard'))}
        {!!reports?.length && link('/report', translate('reports.menu'))}
        {link('/settings', translate('nav.settings'))}
      </List>
      <Divider />
      <Typography id="menu-apps" component="h2" variant="overline" sx={{ display: 'block', px: 2, pt: 2, color: 'text.secondary' }}>
        {translate('nav.applications')}
      </Typography>
      <List aria-labelledby="menu-apps">{(apps ?? []).map((app) => link(app.route, translate(app.labelKey)))}</List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a href="#main" className="visually-hidden">
        {translate('app.skipToContent')}
      </a>
      <AppBar position="fixed" color="default" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }} elevation={1}>
        <Toolbar sx={{ gap: 1, flexWrap: 'nowrap' }}>
          {!wide && (
            <IconButton edge="start" onClick={() => setOpen(true)} aria-label={translate('nav.openMenu')}>
              <MenuIcon />
            </IconButton>
          )}
          <HeaderLogo />
          {/* On a phone the title gives way (ellipsis) so that the bar keeps one line and its buttons. */}
          <Typography component="p" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0, fontWeight: 700 }} data-testid="app-title">
            {translate('app.title')}
          </Typography>
          <ReportQuickAccess />
          {user && (
            <Typography component="p" variant="body2" noWrap sx={{ display: { xs: 'none', sm: 'block' }, flexShrink: 0 }}>
              {`${user.firstname} ${user.lastname}`.trim() || user.login}
            </Typography>
          )}
          <LogoutButton compact={!wide} />
        </Toolbar>
      </AppBar>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || open}
        onClose={() => setOpen(false)}
        sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
      >
        {menu}
      </Drawer>
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, minWidth: 0 }}>
        <Toolbar />
        <AnnouncementsBanner />
        <DemoLoadingNotice />
        <QueuedNotice />
        {children}
      </Box>
    </Box>
  );
}
