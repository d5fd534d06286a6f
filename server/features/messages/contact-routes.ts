import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '../../../contract/auth.js';
import { ContactMessages, contactInputSchema } from '../../../contract/messages.js';
import type { Deps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { ErrorResponses } from '../../lib/openapi.js';
import { enforceRate, rateKey } from '../../lib/rate-limit.js';
import { sanitizeMessage } from './sanitize-message.js';
import { isSingleAddress } from '../../mail/message.js';
import { enqueueMail } from '../../mail/outbox.js';
import { authHooks } from '../auth/authenticate.js';
import { mediaKeys } from '../media/keys.js';
import { storeMedia } from '../media/queries.js';
import { committeeMail } from './templates.js';

/** POST /v1/contact: anyone writes to the committee (docs/behaviour.md#contact-the-committee). */
export function contactRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { db, clock, festival } = deps;
  const { optionalUser } = authHooks(deps);
  // The message's pictures are not public: the committee's mail carries their keys.
  const { sign } = mediaKeys(deps.jwtKey);
  const categories = new Map(festival.contact_categories.map((c) => [c.value, c.name]));
  const body = contactInputSchema([...categories.keys()]);

  const limited = (key: string) =>
    enforceRate(db, key, deps.rateRules.contactPerAddress, clock.now(), ContactMessages.tooMany);

  return async (app) => {
    app.post(
      '',
      {
        preValidation: optionalUser,
        schema: {
          tags: ['messages'],
          summary: 'Send a message to the festival committee; it is e-mailed to the committee address',
          body,
          response: { 200: MessageResponseSchema, ...ErrorResponses },
        },
      },
      async (request) => {
        const { category, sender_email: senderEmail, message, website } = request.body;
        // Mail must name exactly one mailbox; the contract's e-mail rule is the stricter, this
        // keeps a future change to it from reaching the outbox as a 500.
        if (!isSingleAddress(senderEmail)) throw badRequest(ContactMessages.emailInvalid, 'sender_email');
        // Per network address and per sender address: a robot changes one or the other.
        await limited(rateKey('contact-ip', request.ip));
        await limited(rateKey('contact-email', senderEmail.toLowerCase()));
        const clean = await sanitizeMessage(message);

        // The honeypot is hidden from people and assistive technology: only a robot fills it.
        // It gets the answer a person gets, so it cannot tell it was caught.
        if (website && website.trim() !== '') {
          request.log.info('contact form honeypot filled: message dropped');
          return { message: ContactMessages.sent };
        }

        await db.kysely.transaction().execute(async (trx) => {
          const now = clock.now();
          await storeMedia(trx, clean.images, now);
          await enqueueMail(
            trx,
            committeeMail({
              festival,
              publicUrl: deps.publicUrl,
              categoryName: categories.get(category)!,
              senderEmail,
              account: request.user ? { name: request.user.name, email: request.user.email } : null,
              html: sign(clean.html),
              text: clean.text,
            }),
            now,
          );
        });
        deps.mailQueued();
        return { message: ContactMessages.sent };
      },
    );
  };
}
