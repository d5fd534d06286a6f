import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

const app = useE2eApp('admin-mail');

const { signUp, signUpAdmin, openAs } = e2eActors(app);

describe('mail to the festival in Chromium', () => {
  test('an admin writes to all hosts, previews it with the count, sends it, and each host gets one mail; axe finds nothing', async () => {
    const admin = await signUpAdmin('Mara Mail', ['performer']);
    const hosts = [await signUp(['host'], 'Hana Host'), await signUp(['host'], 'Hugo Host')];
    const page = app.page;
    await openAs(page, admin, '/admin');

    const section = page.getByRole('region', { name: 'Mail to the festival' });
    await section.getByRole('radio', { name: 'All hosts' }).check();
    await expect.poll(() => section.getByText('2 people will get this mail.').count()).toBe(1);
    await expectNoAxeViolations(page);

    await section.getByLabel('Subject').fill('Porch set-up on Saturday');
    await section.getByLabel('Message').fill('Chairs arrive at 10am.\nThank you!');
    await section.getByRole('button', { name: 'Preview' }).click();
    const preview = section.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.getByText('2 people', { exact: true }).count()).toBe(1);
    await expect.poll(() => preview.getByText('Porch set-up on Saturday', { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);

    const before = app.smtp.messages.length;
    await preview.getByRole('button', { name: 'Send to 2 people' }).click();
    await expect
      .poll(() => section.getByRole('status').textContent())
      .toContain('2 people will each get the mail “Porch set-up on Saturday”.');

    await expect
      .poll(() => app.smtp.messages.slice(before).filter((m) => m.subject === 'Porch set-up on Saturday').length, {
        timeout: 15_000,
      })
      .toBe(2);
    const mails = app.smtp.messages.slice(before).filter((m) => m.subject === 'Porch set-up on Saturday');
    expect(mails.map((m) => m.envelopeTo).sort()).toEqual(hosts.map((h) => [h.email]).sort());
    for (const mail of mails) expect(mail.text).toContain('Chairs arrive at 10am.\nThank you!');

    // The progress table reaches "sent" for both (it polls while mail is queued).
    const row = section.getByRole('row', { name: /Porch set-up on Saturday/ });
    await expect
      .poll(() => row.getByRole('cell').allTextContents(), { timeout: 15_000 })
      .toEqual(['Porch set-up on Saturday', 'All hosts (2)', 'Mara Mail', '0', '2', '0']);
    await expectNoAxeViolations(page);
  });
});
