import { Badge, Container, Nav, Navbar } from 'react-bootstrap';
import { NavLink, Outlet } from 'react-router';
import { AppFooter } from './app-footer.component';
import { useAppSelector } from '../shared/store-hooks';
import { PRODUCT_NAME } from '../shared/product.constants';
import { selectIsSignedIn } from '../auth/auth.selectors';
import { selectUnreadTotal } from './navbar.selectors';

/** The app frame (spec 2.2): navbar while the session is valid, the page, the footer. */
export function SignedInShell() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const unread = useAppSelector(selectUnreadTotal);
  return (
    <div className="app-frame">
      {signedIn && (
        <Navbar bg="dark" variant="dark" expand="sm">
          <Container>
            <Navbar.Brand as={NavLink} to="/">
              {PRODUCT_NAME}
            </Navbar.Brand>
            <Nav className="ms-auto">
              <Nav.Link as={NavLink} to="/" end>
                Site Manager{' '}
                {unread > 0 && (
                  <Badge bg="danger" pill aria-label="unread">
                    {unread}
                  </Badge>
                )}
              </Nav.Link>
              <Nav.Link as={NavLink} to="/account">
                My Account
              </Nav.Link>
              <Nav.Link href="#logout">Logout</Nav.Link>
            </Nav>
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
