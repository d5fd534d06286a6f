import type { FestivalConfig } from '../../contract/festival.js';
import type { MailMessage } from './message.js';

export function passwordResetMail(festival: FestivalConfig, to: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: `${festival.name}: reset your password`,
    text: [
      'Hello,',
      '',
      `Someone asked to reset the password of your ${festival.name} account. To choose a new password, open this link within ${minutes} minutes:`,
      '',
      link,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
      '',
      `The ${festival.name} committee`,
    ].join('\n'),
  };
}
