import { describe, expect, test } from 'vitest';
import { ErrorCodes } from '../../../../contract/errors';
import { ApiError } from '../../../lib/api-client';
import { sendFailureText, waitText } from './send-failure';

const refused = (status: number, error: string, retryAfter: number | null = null) =>
  new ApiError(status, { error, message: error, code: ErrorCodes.rateLimited }, retryAfter);

describe('what a person reads when a message was not sent', () => {
  test("a 429 uses the server's Retry-After", () => {
    expect(sendFailureText(refused(429, 'x', 900), 'Too many messages from this address')).toBe(
      'Too many messages from this address; try again in 15 minutes. What you wrote is still here.',
    );
    expect(waitText(30)).toBe('in a minute');
    expect(waitText(3600)).toBe('in an hour');
    expect(waitText(2 * 3600 + 1)).toBe('in 3 hours');
    expect(waitText(null)).toBe('later');
  });

  test('a server error says it is ours and to try again; a refusal gives the server its words', () => {
    expect(sendFailureText(refused(500, 'Internal Server Error'), 'x')).toBe(
      'Your message was not sent: something went wrong on our side. Please try again in a few minutes. What you wrote is still here.',
    );
    expect(sendFailureText(refused(401, 'You need to be logged in to do this.'), 'x')).toBe(
      'Your message was not sent: You need to be logged in to do this. What you wrote is still here.',
    );
  });
});
