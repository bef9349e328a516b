import { Badge, Container, Nav, Navbar } from 'react-bootstrap';
import { NavLink, Outlet } from 'react-router';
import { AppFooter } from './app-footer.component';
import { useAppSelector } from '../shared/store-hooks';
import { PRODUCT_NAME } from '../shared/product.constants';
import { selectIsSignedIn } from '../auth/auth.selectors';
import { selectAlarmsBadge, selectUnreadTotal } from './navbar.selectors';

/** The app frame (spec 2.2): navbar while the session is valid, the page, the footer. */
export function SignedInShell() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const unread = useAppSelector(selectUnreadTotal);
  const alarms = useAppSelector(selectAlarmsBadge);
  return (
    <div className="app-frame">
      {signedIn && (
        // Below the sm breakpoint (phones) the links fold behind a toggle; choosing one folds them again.
        <Navbar bg="dark" variant="dark" expand="sm" collapseOnSelect>
          <Container>
            <Navbar.Brand as={NavLink} to="/">
              {PRODUCT_NAME}
            </Navbar.Brand>
            {unread > 0 && (
              // Beside the toggle, so that a phone shows the unread count with the links folded.
              <Badge bg="danger" pill className="d-sm-none ms-auto me-2" aria-hidden="true">
                {unread}
              </Badge>
            )}
            {alarms.count > 0 && (
              // And the alarms nobody acknowledged.
              <Badge
                bg={alarms.bg}
                text={alarms.bg === 'warning' ? 'dark' : undefined}
                pill
                className={`d-sm-none me-2${unread > 0 ? '' : ' ms-auto'}`}
                aria-hidden="true"
              >
                {alarms.count}
              </Badge>
            )}
            <Navbar.Toggle aria-controls="app-navbar-links" />
            <Navbar.Collapse id="app-navbar-links">
              <Nav className="ms-auto">
                <Nav.Link as={NavLink} to="/" end eventKey="/">
                  Site Manager{' '}
                  {unread > 0 && (
                    <Badge bg="danger" pill aria-label="unread">
                      {unread}
                    </Badge>
                  )}
                </Nav.Link>
                <Nav.Link as={NavLink} to="/alarms" eventKey="/alarms" data-testid="navbar-alarms">
                  Alarms{' '}
                  {alarms.count > 0 && (
                    <Badge
                      bg={alarms.bg}
                      text={alarms.bg === 'warning' ? 'dark' : undefined}
                      pill
                      aria-label={`${alarms.count} unacknowledged`}
                      data-testid="navbar-alarms-count"
                    >
                      {alarms.count}
                    </Badge>
                  )}
                </Nav.Link>
                <Nav.Link as={NavLink} to="/companies" eventKey="/companies">
                  Companies
                </Nav.Link>
                <Nav.Link as={NavLink} to="/account" eventKey="/account">
                  My Account
                </Nav.Link>
                <Nav.Link href="#logout" eventKey="#logout">
                  Logout
                </Nav.Link>
              </Nav>
            </Navbar.Collapse>
          </Container>
        </Navbar>
      )}
      <Container as="main" className="app-frame__main">
        <Outlet />
      </Container>
      <AppFooter showCopyright />
    </div>
  );
}
