import type { TestProject } from 'vitest/node';
import { presentSessionUser } from '../../server/features/auth/present.js';
import { createTestApp, TestClock, type TestApp } from '../../server/test/app.js';
import { buildAdmin, buildPerformer } from '../../server/test/builders.js';
import './provided.js';

/**
 * Vitest global setup for the `web` project: the screens under test call a real API
 * server (real HTTP, a fresh migrated database), never a stub.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The screens judge token expiry by the real clock, so the server signs with today's
  // time rather than the test clock's fixed date.
  const testApp = await createTestApp({
    clock: new TestClock(new Date()),
    // Every test file signs people up from 127.0.0.1.
    rateRules: { signupPerAddress: { limit: 10_000, windowMinutes: 60, blockMinutes: 1 } },
  });
  try {
    const url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const admin = await buildAdmin(testApp.app, { name: 'Ada Admin' });
    project.provide('apiUrl', url);
    const { search, email } = await mailedResetLink(testApp);
    project.provide('resetLinkQuery', search);
    project.provide('resetLinkEmail', email);
    project.provide('adminSession', presentSessionUser(admin.user, admin.token));
  } catch (error) {
    // Otherwise the open database and SMTP sink keep Vitest from exiting.
    await testApp.close();
    throw error;
  }
  return () => testApp.close();
}

/** Asks for a reset the way a person does and takes the link from the delivered e-mail. */
async function mailedResetLink(testApp: TestApp): Promise<{ search: string; email: string }> {
  const { user } = await buildPerformer(testApp.app, { name: 'Reese Reset' });
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/v1/auth/forgotpass',
    payload: { email: user.email },
  });
  if (response.statusCode !== 200) throw new Error(`forgotpass answered ${response.statusCode}`);
  await testApp.deliverMail();
  const mail = await testApp.smtp.waitFor((m) => m.envelopeTo.includes(user.email));
  const link = /https?:\/\/\S+\/resetpass\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error('the reset e-mail has no /resetpass link');
  return { search: new URL(link).search, email: user.email };
}
