import { useEffect } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AccountPage } from '../account/account.page';
import { AlarmDetailPage } from '../alarms/pages/alarm-detail.page';
import { AlarmsPage } from '../alarms/pages/alarms.page';
import { AddRelayPage } from '../relays/pages/add-relay.page';
import { RelayScreenPage } from '../relays/pages/relay-screen.page';
import { selectAuthReady, selectIsSignedIn } from '../auth/auth.selectors';
import { authStarted, logoutRequested } from '../auth/auth.slice';
import { LoginPage } from '../auth/pages/login.page';
import { RegisterPage } from '../auth/pages/register.page';
import { ResetPasswordPage } from '../auth/pages/reset-password.page';
import { ResetRequestPage } from '../auth/pages/reset-request.page';
import { loginPathFor, returnPathOf } from '../auth/return-path.util';
import { CompaniesPage } from '../companies/pages/companies.page';
import { CompanyPage } from '../companies/pages/company.page';
import { InvitationPage } from '../invitations/pages/invitation.page';
import { TwoFactorRequiredRedirect } from '../two-factor/pages/two-factor-required.redirect';
import { AddSitePage } from '../sites/pages/add-site.page';
import { SiteManagerPage } from '../sites/pages/site-manager.page';
import { UpdateKeyPage } from '../sites/pages/update-key.page';
import { PanelManagerPage } from '../panels/pages/panel-manager.page';
import { HashLinks } from './hash-links.component';
import { SignedInShell } from './signed-in-shell.component';
import { TrailingSlashRedirect } from './trailing-slash.component';
import { HelpPage } from '../static/help.page';
import { PrivacyPage } from '../static/privacy.page';
import { ToastHost } from '../toasts/toast-host.component';
import { AppShell } from './app-shell.component';
import { SiteScreenPage } from './site-screen.page';
import { useAppDispatch, useAppSelector } from '../shared/store-hooks';

function LogoutRoute() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(logoutRequested());
  }, [dispatch]);
  return <Navigate to="/" replace />;
}

/** A signed-out visitor goes to the sign-in page, which keeps where they were going. */
function ToLogin() {
  const { pathname, search } = useLocation();
  return <Navigate to={loginPathFor(`${pathname}${search}`)} replace />;
}

/** Signed in on the sign-in or registration page: on to where the visitor was going (a mail's link), or home. */
function AfterLogin() {
  return <Navigate to={returnPathOf(useLocation().search)} replace />;
}

/** Help and privacy are public; they use the app frame whether signed in or not (spec 2.3). */
const publicPages: RouteObject[] = [
  { path: '/help', element: <HelpPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
];

/** The route table of spec 2.3. */
export const signedInRoutes: RouteObject[] = [
  {
    element: <SignedInShell />,
    children: [
      ...publicPages,
      { path: '/', element: <SiteManagerPage /> },
      { path: '/account', element: <AccountPage /> },
      { path: '/alarms', element: <AlarmsPage /> },
      { path: '/alarms/:id', element: <AlarmDetailPage /> },
      { path: '/companies', element: <CompaniesPage /> },
      { path: '/companies/:id', element: <CompanyPage /> },
      { path: '/invitation/:token', element: <InvitationPage /> },
      { path: '/login', element: <AfterLogin /> },
      { path: '/register', element: <AfterLogin /> },
      { path: '/site', element: <Navigate to="/" replace /> },
      { path: '/logout', element: <LogoutRoute /> },
      { path: '/relay/add', element: <AddRelayPage /> },
      { path: '/relay/:id/*', element: <RelayScreenPage /> },
      { path: '/site/add', element: <AddSitePage /> },
      { path: '/site/reauth', element: <UpdateKeyPage /> },
      { path: '/site/reauth/:hwaddr', element: <UpdateKeyPage /> },
      { path: '/site/:hwaddr/panel/:networkId/*', element: <PanelManagerPage /> },
      { path: '/site/:hwaddr/*', element: <SiteScreenPage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Signed-out screens (spec 2.1); anything else leads to /login. */
export const signedOutRoutes: RouteObject[] = [
  { element: <SignedInShell />, children: publicPages },
  {
    element: <AppShell />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/resetpass', element: <ResetRequestPage /> },
      { path: '/resetpass/:token', element: <ResetPasswordPage /> },
      { path: '/invitation/:token', element: <InvitationPage /> },
      { path: '*', element: <ToLogin /> },
    ],
  },
];

/** Chooses the signed-in or signed-out route table once the session has been restored or not. */
export function AppRoutes() {
  const dispatch = useAppDispatch();
  const ready = useAppSelector(selectAuthReady);
  const signedIn = useAppSelector(selectIsSignedIn);
  useEffect(() => {
    dispatch(authStarted());
  }, [dispatch]);
  const routes = useRoutes(signedIn ? signedInRoutes : signedOutRoutes);
  if (!ready) return null;
  return (
    <TrailingSlashRedirect>
      <HashLinks />
      {signedIn && <TwoFactorRequiredRedirect />}
      {routes}
      <ToastHost />
    </TrailingSlashRedirect>
  );
}
