import { formResolver } from '../../../lib/form-resolver';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SigninInputSchema } from '../../../../contract/auth';
import { ServerErrorAlert } from '../../../components/ui/error-alert';
import { Logo } from '../../../components/ui/logo';
import { TextField } from '../../../components/ui/text-field';
import { usePageTitle } from '../../../lib/page-title';
import { useSignin } from '../api/signin';
import { loadOnSuccess } from '../lib/load-on-success';

export const PASSWORD_RESET_NOTICE = 'Your password has been reset successfully. You can use it to login below.';

export function Login() {
  usePageTitle('Login');
  const [params] = useSearchParams();
  const signin = useSignin();
  const form = useForm({ resolver: formResolver(SigninInputSchema), defaultValues: { email: '', password: '' } });
  const onSubmit = form.handleSubmit(loadOnSuccess(signin, '/profile'));

  return (
    <div className="auth-card mx-auto">
      <Logo />
      <h1 className="h3 text-center mb-3">Login</h1>
      {params.get('resetPass') === 'true' && (
        <div className="alert alert-success" role="status">
          {PASSWORD_RESET_NOTICE}
        </div>
      )}
      <Form noValidate onSubmit={onSubmit}>
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
        <Button type="submit" className="w-100" disabled={signin.isPending}>
          Login
        </Button>
      </Form>
      {/* A network failure has had its own dialog (docs/behaviour.md#errors); only the server's answer shows here. */}
      <ServerErrorAlert error={signin.error} />
      <div className="d-flex flex-wrap justify-content-between gap-2 mt-3">
        <Link to="/forgotpass">Forgot password?</Link>
        <Link to="/register">Not a member? Register</Link>
      </div>
    </div>
  );
}
