import { formResolver } from '../../../lib/form-resolver';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ForgotPassInputSchema } from '../../../../contract/auth';
import { ServerErrorAlert } from '../../../components/ui/error-alert';
import { TextField } from '../../../components/ui/text-field';
import { usePageTitle } from '../../../lib/page-title';
import { useForgotPass } from '../api/forgot-pass';

export const forgotPassSentNotice = (email: string) =>
  `If your account exists, you will receive an email to ${email} with instructions on how to reset your password.`;

export function ForgotPass() {
  usePageTitle('Forgot password');
  const forgotPass = useForgotPass();
  const form = useForm({ resolver: formResolver(ForgotPassInputSchema), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit((input) => forgotPass.mutate(input));

  return (
    <div className="auth-card mx-auto">
      <h1 className="h3 text-center mb-3">Forgot password</h1>
      {forgotPass.isSuccess ? (
        <div className="alert alert-success" role="status">
          {forgotPassSentNotice(forgotPass.variables.email)}
        </div>
      ) : (
        <>
          <p>Enter the email you registered with and we will send you a link to choose a new password.</p>
          <Form noValidate onSubmit={onSubmit}>
            <TextField form={form} name="email" label="Email" type="email" autoComplete="email" />
            <Button type="submit" className="w-100" disabled={forgotPass.isPending}>
              Reset Password
            </Button>
          </Form>
          <ServerErrorAlert error={forgotPass.error} />
        </>
      )}
      <p className="mt-3 text-center">
        <Link to="/login">Back to Login</Link>
      </p>
    </div>
  );
}
