import { formResolver } from '../../../lib/form-resolver';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SigninInputSchema } from '../../../../contract/auth';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Logo } from '../../../components/ui/logo';
import { TextField } from '../../../components/ui/text-field';
import { errorText, NetworkError } from '../../../lib/api-client';
import { fullPageLoad } from '../../../lib/navigation';
import { usePageTitle } from '../../../lib/page-title';
import { useSignin } from '../api/signin';

export const PASSWORD_RESET_NOTICE = 'Your password has been reset successfully. You can use it to login below.';

export function Login() {
  usePageTitle('Login');
  const [params] = useSearchParams();
  const signin = useSignin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: formResolver(SigninInputSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await signin.mutateAsync(input);
      fullPageLoad('/profile');
    } catch {
      // The failure is shown from the mutation's state below.
    }
  });

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
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <Button type="submit" className="w-100" disabled={signin.isPending}>
          Login
        </Button>
      </Form>
      {/* A network failure has had its own dialog (docs/behaviour.md#errors); only the server's answer shows here. */}
      {signin.isError && !(signin.error instanceof NetworkError) && <ErrorAlert>{errorText(signin.error)}</ErrorAlert>}
      <div className="d-flex flex-wrap justify-content-between gap-2 mt-3">
        <Link to="/forgotpass">Forgot password?</Link>
        <Link to="/register">Not a member? Register</Link>
      </div>
    </div>
  );
}
