import Alert from 'react-bootstrap/Alert';
import { AuthServerMessages } from '../../../contract/auth';

/**
 * docs/behaviour.md#venue-and-act-forms, docs/behaviour.md#errors: what a form shows to anyone who
 * may not use it.
 */
export function NotAllowed() {
  return (
    <Alert variant="danger" role="alert">
      {AuthServerMessages.forbidden}
    </Alert>
  );
}
