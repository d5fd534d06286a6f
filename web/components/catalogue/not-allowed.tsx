import Alert from 'react-bootstrap/Alert';
import { AuthServerMessages } from '../../../contract/auth';

/** Spec 2 and 8: what a form shows to anyone who may not use it. */
export function NotAllowed() {
  return (
    <Alert variant="danger" role="alert">
      {AuthServerMessages.forbidden}
    </Alert>
  );
}
