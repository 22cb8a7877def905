// Account messages: the account made, a password reset or changed, the first-password welcome, sign-up
// attempts on a taken address, e-mail changes, and the partner application's answers.
import type { AppConfig } from '../../config.ts';
import { PARTNER_REVIEW_PROMISE } from '@tm/shared/schemas/funnel';
import { formatLongDateTime } from '@tm/shared/logic/format';
import type { NewMail } from './outbox.ts';
import { PRODUCT, hello, mail, secretLinkMail, type MailUser } from './mail-base.ts';

/** With a set-password link when the account has a generated password; else a link to log in. */
export function accountCreatedMail(config: AppConfig, user: MailUser, link: { url: string; expiresAt: string } | null): NewMail {
  const made = `We have made your ${PRODUCT} account.${user.username ? ` Your username is ${user.username}; you can also log in with this e-mail.` : ''}`;
  return (link ? secretLinkMail : mail)(config, 'account-created', user.email, user.id, `Your ${PRODUCT} account is ready`, {
    greeting: hello(user.firstName),
    lines: link ? [made, `Choose your password with the link below. It works once, until ${formatLongDateTime(link.expiresAt, user.timeZone)}.`] : [made],
    link: link ? { label: 'Set your password', url: link.url } : { label: 'Log in', url: `${config.publicOrigin}/login` },
  });
}

export function passwordResetMail(config: AppConfig, user: MailUser, link: { url: string }): NewMail {
  return secretLinkMail(config, 'password-reset', user.email, user.id, `Set a new ${PRODUCT} password`, {
    greeting: hello(user.firstName),
    lines: ['Someone (we hope you) asked to set a new password for your account. The link below works once, for 1 hour.'],
    link: { label: 'Set a new password', url: link.url },
    after: ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
  });
}

export function passwordChangedMail(config: AppConfig, user: MailUser, when: Date): NewMail {
  return mail(config, 'password-changed', user.email, user.id, `Your ${PRODUCT} password was changed`, {
    greeting: hello(user.firstName),
    lines: [`The password of your account was changed on ${formatLongDateTime(when, user.timeZone)}. Every other browser was logged out.`],
    after: [`If this was not you, reply to this e-mail or call us at ${config.mail.supportPhone} at once.`],
    link: { label: 'Forgot password? Set a new one', url: `${config.publicOrigin}/forgot-password` },
  });
}

/** A new account's first password was set (issue 34 item 8): a welcome, not "your password was changed". */
export function welcomeMail(config: AppConfig, user: MailUser): NewMail {
  return mail(config, 'welcome', user.email, user.id, `Welcome to ${PRODUCT}`, {
    greeting: hello(user.firstName),
    lines: [`Your password is set and your ${PRODUCT} account is ready. Log in any time with your e-mail and the password you chose.`],
    link: { label: 'Log in', url: `${config.publicOrigin}/login` },
    after: [`Questions: ${config.mail.supportEmail} or ${config.mail.supportPhone}.`],
  });
}

/** Someone signed up (RingCloud survey) with this account's e-mail: the form answered as for a new account. */
export function signupAttemptMail(config: AppConfig, user: MailUser): NewMail {
  return mail(config, 'signup-attempt', user.email, user.id, `Someone tried to sign up with your ${PRODUCT} e-mail`, {
    greeting: hello(user.firstName),
    lines: [
      `Someone just filled in our sign-up form with this e-mail address. You already have a ${PRODUCT} account, so nothing was created or changed.`,
      'If it was you, log in with your existing account; if you forgot your password, set a new one.',
    ],
    link: { label: 'Forgot password? Set a new one', url: `${config.publicOrigin}/forgot-password` },
    after: [`If it was not you, you can ignore this e-mail. Questions: ${config.mail.supportEmail}.`],
  });
}

/** To the NEW address (not yet proven to be the agent's): no name in it, only the product's own words. */
export function emailChangeMail(config: AppConfig, _user: MailUser, newEmail: string, url: string): NewMail {
  return secretLinkMail(config, 'email-change', newEmail, null, `Confirm your new ${PRODUCT} e-mail`, {
    lines: [`Confirm that ${newEmail} is the new e-mail of your ${PRODUCT} account. Until you do, the old one stays.`],
    link: { label: 'Confirm this e-mail', url },
    after: ['If you did not ask for this, ignore this e-mail: nothing changes.'],
  });
}

/** To the OLD address once a change is confirmed: what happened, and a link that undoes it for 7 days. */
export function emailChangedNoticeMail(config: AppConfig, user: MailUser, oldEmail: string, newEmail: string, undoUrl: string): NewMail {
  return secretLinkMail(config, 'email-change', oldEmail, user.id, `Your ${PRODUCT} e-mail was changed`, {
    greeting: hello(user.firstName),
    lines: [
      `The e-mail of your ${PRODUCT} account was changed to ${newEmail}. Every other browser was logged out.`,
      'If this was not you, undo it with the link below (it works once, for 7 days): your account goes back to this address, every session ends, and we send you a link to set a new password.',
    ],
    link: { label: 'Undo this change', url: undoUrl },
    after: [`Questions: ${config.mail.supportEmail} or ${config.mail.supportPhone}.`],
  });
}

/** To an address that already has an account, when another account asked to move to it (the form answered as usual). */
export function emailTakenNoticeMail(config: AppConfig, to: string): NewMail {
  return mail(config, 'email-change', to, null, `Someone tried to use your ${PRODUCT} e-mail`, {
    lines: [
      `Someone asked to move another ${PRODUCT} account to this e-mail address. It already belongs to your account, so nothing was changed.`,
      'You do not need to do anything.',
    ],
    after: [`Questions: ${config.mail.supportEmail}.`],
  });
}

export function partnerApplicationMail(config: AppConfig, to: string, name: string): NewMail {
  return mail(config, 'partner-application', to, null, `We received your ${PRODUCT} partner application`, {
    greeting: hello(name),
    lines: [`Thank you for applying to partner with us. We review every application ${PARTNER_REVIEW_PROMISE} and answer by e-mail or phone.`],
  });
}

/** For the partner-applications inbox (13b): the decision, in the same transaction as the status change. */
export function partnerDecisionMail(config: AppConfig, to: string, name: string, decision: 'approved' | 'rejected'): NewMail {
  return mail(
    config,
    'partner-decision',
    to,
    null,
    decision === 'approved' ? `Your ${PRODUCT} partner application is approved` : `About your ${PRODUCT} partner application`,
    {
      greeting: hello(name),
      lines:
        decision === 'approved'
          ? ['Good news: your partner application is approved. We will contact you shortly to set things up.']
          : ['Thank you for your interest. After review, we cannot accept your partner application at this time.'],
    },
  );
}
