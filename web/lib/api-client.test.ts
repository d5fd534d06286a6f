import { afterEach, describe, expect, inject, test, vi } from 'vitest';
import { AuthMessages, AuthServerMessages } from '../../contract/auth';
import { signUp } from '../test/render-app';
import { ApiError, apiGet, apiPost, NETWORK_ERROR_MESSAGE, NetworkError, setApiBaseUrl } from './api-client';
import { saveSession } from './session';

afterEach(() => {
  setApiBaseUrl(inject('apiUrl'));
  vi.restoreAllMocks();
});

describe('api client', () => {
  test('sends the stored session as a bearer token, and none when asked not to', async () => {
    saveSession(await signUp(['host']));
    await expect(apiGet('/v1/test/user')).resolves.toEqual({ message: 'User Content.' });
    const anonymous = await apiGet('/v1/test/user', { anonymous: true }).catch((e: unknown) => e);
    expect(anonymous).toBeInstanceOf(ApiError);
    expect((anonymous as ApiError).status).toBe(401);
  });

  test("a non-2xx answer becomes an ApiError carrying the server's status and body", async () => {
    const failure = await apiPost('/v1/auth/signin', { email: '', password: 'x' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    const { status, body } = failure as ApiError;
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: AuthMessages.emailRequired, code: 'validation_failed' });
    expect(body.fields?.email).toBe(AuthMessages.emailRequired);
    expect((failure as ApiError).message).toBe(AuthMessages.emailRequired);

    const wrong = await apiPost('/v1/auth/signin', { email: 'nobody@example.test', password: 'Porch-Music-1' }).catch(
      (e: unknown) => e,
    );
    expect((wrong as ApiError).body.error).toBe(AuthServerMessages.badCredentials);
  });

  test('no response at all shows the network-error dialog, then throws NetworkError', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    // Port 9 (discard) is one fetch refuses to call ("bad port"): the call gets no response at all.
    setApiBaseUrl('http://127.0.0.1:9');
    const failure = await apiGet('/v1/festival').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(confirm).toHaveBeenCalledExactlyOnceWith(
      'Network error, please check your network connection and try again',
    );
    expect(NETWORK_ERROR_MESSAGE).toBe('Network error, please check your network connection and try again');
  });

  test('a best-effort call fails quietly, without the dialog', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    setApiBaseUrl('http://127.0.0.1:9');
    await expect(apiPost('/v1/auth/logout', undefined, { quiet: true })).rejects.toBeInstanceOf(NetworkError);
    expect(confirm).not.toHaveBeenCalled();
  });
});
