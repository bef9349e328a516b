import { Alert } from 'react-bootstrap';
import { useAppSelector } from '../../shared/store-hooks';
import { selectTwoFactorRequiredNotice } from '../two-factor.selectors';

/** Above My Account's two-factor section: which companies require it while it is off. */
export function TwoFactorRequiredNotice() {
  const notice = useAppSelector(selectTwoFactorRequiredNotice);
  if (notice === null) return null;
  return (
    <Alert variant="warning" role="status" className="mt-5 mb-0 narrow-form" data-testid="two-factor-required">
      {notice}
    </Alert>
  );
}
