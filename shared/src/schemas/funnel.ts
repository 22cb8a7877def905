// The public funnel's forms: the RingCloud two-step survey, the partner application and the
// agent-lab registration. The islands validate with these (react-hook-form) and the API routes
// parse with the very same schemas, so a message seen in the browser is the one the server sends.
import { z } from 'zod';
import { attributionField } from './attribution.ts';
import { RINGCLOUD, type RingCloudLeadType, type AgedLeadAgeRange } from '../catalogue/index.ts';
import { RINGCLOUD_LEAD_TYPES, AGED_LEAD_AGE_RANGES } from '../logic/pricing.ts';
import { passwordSchema } from './auth.ts';
import { usStateChoiceSchema } from './us-states.ts';
import { parseTransferHours } from '../logic/transfer-hours.ts';
import { deliveryPhoneSchema } from './transfer-controls.ts';
import { RINGCLOUD_ROLES, RINGCLOUD_SALESPERSON, BEST_TIMES_TO_REACH, ONBOARDING_HOURS_MESSAGE, ONBOARDING_WHO_MESSAGE } from '../logic/funnel-choices.ts';

// ---------- shared field builders ----------

const requiredText = (message: string, max = 200, tooLong = 'This answer is too long') => z.string({ error: message }).trim().min(1, message).max(max, tooLong);

const optionalText = (max: number, tooLong = 'This answer is too long') =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : (v ?? undefined)), z.string().trim().max(max, tooLong).optional());

export const PHONE_MESSAGE = 'Phone number must be at least 10 digits';
export const EMAIL_MESSAGE = 'Invalid email address';

/** At least 10 digits, whatever the punctuation ("(555) 010-0199" is fine). */
export const phoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(32, 'Phone number is too long')
  .refine((s) => s.replace(/\D/g, '').length >= 10, PHONE_MESSAGE);

export const emailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(254, 'Email address is too long')
  .pipe(z.email(EMAIL_MESSAGE))
  .transform((s) => s.toLowerCase());

/** An empty input (react-hook-form sends '' or NaN) is "not given"; text digits become a number. */
function toNumberOrUndefined(v: unknown): unknown {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'number' && Number.isNaN(v)) return undefined;
  if (typeof v === 'string') {
    const n = Number(v.trim());
    return Number.isNaN(n) ? v : n;
  }
  return v;
}

/** A count: a whole number from 1 to max; 2.5 is refused as not whole (not read as 2, nor as "at least 1"). */
const countSchema = (message: string, max: number, tooMany: string) =>
  z
    .number({ error: message })
    .int(message.replace(/ must be at least 1$/, ' must be a whole number'))
    .min(1, message)
    .max(max, tooMany);

const requiredCount = (message: string, max: number, tooMany: string) => z.preprocess(toNumberOrUndefined, countSchema(message, max, tooMany));
const optionalCount = (message: string, max: number, tooMany: string) => z.preprocess(toNumberOrUndefined, countSchema(message, max, tooMany).optional());

// ---------- RingCloud sub-offer (docs/product/funnel.md#ringcloud-sub-offer) ----------

export { RINGCLOUD_LEAD_TYPES, AGED_LEAD_AGE_RANGES, RINGCLOUD_ROLES, RINGCLOUD_SALESPERSON };

export const WORKING_STATES_MESSAGE = 'Please specify your working states';

/**
 * The states an agent works, as the survey's state choice sends them: postal codes of the 50 states and
 * DC, as a list or as text ("TX, FL"); stored as "TX, FL". Any other code is refused by name.
 */
export const workingStatesSchema = usStateChoiceSchema(WORKING_STATES_MESSAGE).transform((codes) => codes.join(', '));

export const USERNAME_MESSAGE = 'Username must be at least 3 characters';

const ringcloudStep1Shape = {
  firstName: requiredText('First name is required', 100, 'First name is too long'),
  lastName: requiredText('Last name is required', 100, 'Last name is too long'),
  agencyName: requiredText('Agency name is required', 200, 'Agency name is too long'),
  role: z.enum(RINGCLOUD_ROLES, { error: 'Please select your role' }),
  phone: phoneSchema,
  email: emailSchema,
  username: z
    .string({ error: USERNAME_MESSAGE })
    .trim()
    .min(3, USERNAME_MESSAGE)
    .max(64, 'Username must be at most 64 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores')
    .transform((s) => s.toLowerCase()),
  password: passwordSchema,
};

const ringcloudStep2Shape = {
  leadType: z.enum(RINGCLOUD_LEAD_TYPES as [RingCloudLeadType, ...RingCloudLeadType[]], { error: 'Please select a lead type' }),
  workingStates: workingStatesSchema,
  totalTransfers: optionalCount('Total transfers must be at least 1', RINGCLOUD.maxCount, `Total transfers must be at most ${RINGCLOUD.maxCount}`),
  callsPerDay: optionalCount('Calls per day must be at least 1', 10000, 'Calls per day must be at most 10000'),
  transferHours: optionalText(200),
  totalCallbacks: optionalCount('Total call-backs must be at least 1', RINGCLOUD.maxCount, `Total call-backs must be at most ${RINGCLOUD.maxCount}`),
  callbackPreference: optionalText(500),
  ageRange: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(AGED_LEAD_AGE_RANGES as [AgedLeadAgeRange, ...AgedLeadAgeRange[]], { error: 'Please select an age range' }).optional(),
  ),
};

/** The fields that decide the price must be there for the chosen lead type. */
function requireByLeadType(v: { leadType?: string; totalTransfers?: unknown; totalCallbacks?: unknown; ageRange?: unknown }, ctx: z.RefinementCtx) {
  if (v.leadType === 'Live Transfers' && v.totalTransfers === undefined) {
    ctx.addIssue({ code: 'custom', path: ['totalTransfers'], message: 'Total transfers must be at least 1' });
  }
  if (v.leadType === 'Call-Backs' && v.totalCallbacks === undefined) {
    ctx.addIssue({ code: 'custom', path: ['totalCallbacks'], message: 'Total call-backs must be at least 1' });
  }
  if (v.leadType === 'Aged Leads' && v.ageRange === undefined) {
    ctx.addIssue({ code: 'custom', path: ['ageRange'], message: 'Please select an age range' });
  }
}

export const ringcloudStep1Schema = z.object(ringcloudStep1Shape);
export const ringcloudStep2Schema = z.object(ringcloudStep2Shape).superRefine(requireByLeadType);
/** POST /api/ringcloud-survey: both steps plus the salesperson label (the server sets its own). */
export const ringcloudSurveySchema = z
  .object({ ...ringcloudStep1Shape, ...ringcloudStep2Shape, salesperson: optionalText(100), attribution: attributionField })
  .superRefine(requireByLeadType);

export type RingcloudStep1Input = z.input<typeof ringcloudStep1Schema>;
export type RingcloudStep1 = z.output<typeof ringcloudStep1Schema>;
export type RingcloudStep2Input = z.input<typeof ringcloudStep2Schema>;
export type RingcloudStep2 = z.output<typeof ringcloudStep2Schema>;
export type RingcloudSurvey = z.output<typeof ringcloudSurveySchema>;

/** What POST /api/ringcloud-survey answers: the same whether the e-mail has an account or not (no account is made before the payment). */
export interface RingcloudSurveyResponse {
  ok: true;
  surveyId: number;
}

/** GET /api/ringcloud/aged-leads/stock?states=FL,TX&ageRange=60-90: how many aged leads can be bought now. */
export const agedStockQuerySchema = z.object({
  states: usStateChoiceSchema(WORKING_STATES_MESSAGE),
  ageRange: z.enum(AGED_LEAD_AGE_RANGES as [AgedLeadAgeRange, ...AgedLeadAgeRange[]], { error: 'Please select an age range' }),
});
export interface AgedStockResponse {
  /** Aged leads for sale now in these states and age range. */
  available: number;
  /** What one order can buy: the stock, at most 100. */
  maxPerOrder: number;
  states: string[];
  ageRange: AgedLeadAgeRange;
}

// ---------- First-party onboarding survey (/survey without an external embed, issue 25 item 3) ----------

export { BEST_TIMES_TO_REACH, ONBOARDING_HOURS_MESSAGE, ONBOARDING_WHO_MESSAGE };

/** A survey link that was altered, or is not one of ours (400, fields.token). */
export const SURVEY_LINK_INVALID = 'This survey link is not valid.';
/** A survey link past its 24 hours, or of an order no longer paid (400, fields.token). */
export const SURVEY_LINK_EXPIRED = 'This survey link has expired.';

/**
 * POST /api/orders/survey-link: the return page of a paid order asks for its signed survey link, with the
 * payment's intent id and client secret (what the provider put in the return page's URL).
 */
export const surveyLinkRequestSchema = z.object({
  paymentIntentId: z
    .string({ error: 'paymentIntentId is required' })
    .trim()
    .regex(/^pi_[A-Za-z0-9_]{1,200}$/, 'paymentIntentId is not a payment id'),
  clientSecret: z.string({ error: 'clientSecret is required' }).trim().min(1, 'clientSecret is required').max(300, 'clientSecret is too long'),
});
export interface SurveyLinkResponse {
  /** The site-relative link: /survey?token=... */
  url: string;
  expiresAt: string;
}

/**
 * POST /api/onboarding-survey: the agent's working states, transfer hours, calls per day, delivery phone
 * and best time to reach, saved to their account and to Transfer Controls. The agent is the session's, or
 * a funnel buyer named by the signed survey link of their paid order (`token`, decision 245).
 */
export const onboardingSurveySchema = z.object({
  workingStates: workingStatesSchema,
  transferHours: z
    .string({ error: ONBOARDING_HOURS_MESSAGE })
    .trim()
    .max(200, 'Transfer hours are too long')
    .refine((v) => parseTransferHours(v) !== null, ONBOARDING_HOURS_MESSAGE),
  callsPerDay: z.preprocess(toNumberOrUndefined, countSchema('Calls per day must be at least 1', 1000, 'Calls per day must be at most 1000')),
  deliveryPhone: deliveryPhoneSchema,
  bestTimeToReach: z.enum(BEST_TIMES_TO_REACH, { error: 'Please choose the best time to reach you' }),
  /** The signed survey link's token (/survey?token=, decision 245): names a funnel buyer's paid order before they have a password. */
  token: z.string({ error: SURVEY_LINK_INVALID }).trim().max(400, SURVEY_LINK_INVALID).optional(),
});
export type OnboardingSurveyInput = z.input<typeof onboardingSurveySchema>;
export type OnboardingSurveyValues = z.output<typeof onboardingSurveySchema>;
export interface OnboardingSurveyResponse {
  ok: true;
  /** applied: they are the Transfer Controls now; offered: the account's agent is asked at the next login. */
  settings: 'applied' | 'offered';
}

// ---------- Partner network application (docs/product/funnel.md#partner-application) ----------

/** The review promise of a partner application, in the same words on the form, the thank-you page and the e-mail. */
export const PARTNER_REVIEW_PROMISE = 'within 48 hours';
export const PARTNER_BUSINESS_TYPES = ['Lead Generation', 'Marketing Agency', 'Call Center', 'Insurance Agency', 'Other'] as const;
export const PARTNER_EXPERIENCE = ['Less than 1 year', '1-3 years', '3-5 years', '5+ years'] as const;
export const PARTNER_VOLUMES = ['Less than 100', '100-500', '500-1000', '1000-5000', '5000+'] as const;
export const PARTNER_SERVICES = [
  'Lead Generation',
  'Call Transfers',
  'Aged Leads',
  'Callback Services',
  'Data Management',
  'CRM Integration',
  'Custom Solutions',
] as const;
export type PartnerService = (typeof PARTNER_SERVICES)[number];
export const PARTNER_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
export const PARTNER_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PARTNER_MAX_FILES = 10;
export const LONG_TEXT_MESSAGE = 'Please provide at least 50 characters';
export const WEBSITE_MESSAGE = 'Please enter a valid website URL';

/** "example.com" is read as https://example.com. */
function withScheme(s: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`;
}

export const partnerApplicationSchema = z.object({
  businessName: requiredText('Business name is required', 200, 'Business name is too long'),
  contactName: requiredText('Contact name is required', 200, 'Contact name is too long'),
  email: emailSchema,
  phone: phoneSchema,
  website: z
    .string({ error: WEBSITE_MESSAGE })
    .trim()
    .min(1, WEBSITE_MESSAGE)
    .max(500, 'Website address is too long')
    .transform(withScheme)
    .pipe(z.url({ protocol: /^https?$/, hostname: /^[^.\s]+(\.[^.\s]+)+$/, error: WEBSITE_MESSAGE })),
  businessType: z.enum(PARTNER_BUSINESS_TYPES, { error: 'Please select your business type' }),
  experienceYears: z.enum(PARTNER_EXPERIENCE, { error: 'Please select your experience level' }),
  monthlyVolume: z.enum(PARTNER_VOLUMES, { error: 'Please select your monthly volume' }),
  // Multipart sends the list as JSON text.
  servicesInterested: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return [v];
      }
    },
    z
      .array(z.string(), { error: 'Please select at least one service' })
      .min(1, 'Please select at least one service')
      .max(PARTNER_SERVICES.length * 2, 'Please select at least one service')
      // One message on the list itself (not on an element) for an unknown service.
      .refine((list) => list.every((s) => (PARTNER_SERVICES as readonly string[]).includes(s)), 'Please select at least one service')
      .transform((list) => [...new Set(list)] as PartnerService[]),
  ),
  targetMarkets: requiredText('Please specify your target markets', 1000, 'Target markets must be at most 1000 characters'),
  businessDescription: z.string({ error: LONG_TEXT_MESSAGE }).trim().min(50, LONG_TEXT_MESSAGE).max(5000, 'Please keep this under 5000 characters'),
  whyPartner: z.string({ error: LONG_TEXT_MESSAGE }).trim().min(50, LONG_TEXT_MESSAGE).max(5000, 'Please keep this under 5000 characters'),
  // Multipart sends the box as text 'true' / 'false'.
  agreeToTerms: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.literal(true, { error: 'You must agree to the terms and conditions' }),
  ),
  attribution: attributionField,
});
export type PartnerApplicationInput = z.input<typeof partnerApplicationSchema>;
export type PartnerApplication = z.output<typeof partnerApplicationSchema>;

// ---------- Agent lab registration (docs/product/funnel.md#agent-lab-registration) ----------

export const CALL_METHODS = ['phone', 'call_center'] as const;
export type CallMethod = (typeof CALL_METHODS)[number];
export const CALL_METHOD_LABELS: Record<CallMethod, string> = {
  phone: 'Transfer calls to my phone',
  call_center: 'Transfer calls to my call center',
};
/** The callbackPreference text the survey payload carries for each call method. */
export const CALLBACK_PREFERENCE_BY_METHOD: Record<CallMethod, string> = {
  phone: 'Accept calls by phone (direct transfer to my phone)',
  call_center: 'Accept calls through my call center',
};
export const AGENT_LAB = {
  role: 'Insurance Agent',
  leadType: 'Live Transfers',
  workingStates: 'Multiple States',
  transferHours: 'Business Hours',
  onboardingForm: 'agentleadlab',
  salesperson: 'Agent Lead Labs',
} as const;

const agentLabShape = {
  agencyName: requiredText('Agency name is required', 200, 'Agency name is too long'),
  firstName: requiredText('First name is required', 100, 'First name is too long'),
  lastName: requiredText('Last name is required', 100, 'Last name is too long'),
  phone: phoneSchema,
  email: emailSchema,
  totalTransfers: requiredCount('Total transfers must be at least 1', 100000, 'Total transfers must be at most 100000'),
  transfersPerDay: requiredCount('Transfers per day must be at least 1', 10000, 'Transfers per day must be at most 10000'),
};

/** The /agentleadlab form. */
export const agentLabFormSchema = z.object({
  ...agentLabShape,
  callMethod: z.enum(CALL_METHODS, { error: 'Please select how you would like to accept calls' }),
});
export type AgentLabFormInput = z.input<typeof agentLabFormSchema>;
export type AgentLabForm = z.output<typeof agentLabFormSchema>;

/**
 * POST /api/survey: the survey payload built from the agent-lab form. The fixed fields are
 * accepted and ignored (the server stores its own); the server derives a unique username from
 * the names and generates the temporary password, so a `password` sent here is dropped.
 */
export const agentLabSurveySchema = z.object({
  ...agentLabShape,
  callbackPreference: z.enum(Object.values(CALLBACK_PREFERENCE_BY_METHOD) as [string, ...string[]], {
    error: 'Please select how you would like to accept calls',
  }),
  username: optionalText(64),
  role: optionalText(50),
  leadType: optionalText(32),
  workingStates: optionalText(500),
  transferHours: optionalText(200),
  onboardingForm: optionalText(64),
  salesperson: optionalText(100),
  attribution: attributionField,
});
export type AgentLabSurvey = z.output<typeof agentLabSurveySchema>;

/** "Jane" + "O'Neil" -> "janeoneil"; at least 3 characters, at most 40 (room for a suffix). */
export function deriveUsername(firstName: string, lastName: string): string {
  const clean = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  const base = `${clean(firstName)}${clean(lastName)}`.slice(0, 40);
  return base.length >= 3 ? base : `${base}agent`.slice(0, 40);
}

/** The survey payload of docs/product/funnel.md#agent-lab-registration (without the password, which the server generates). */
export function agentLabPayload(form: AgentLabForm) {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    agencyName: form.agencyName,
    phone: form.phone,
    email: form.email,
    role: AGENT_LAB.role,
    username: deriveUsername(form.firstName, form.lastName),
    leadType: AGENT_LAB.leadType,
    totalTransfers: form.totalTransfers,
    transfersPerDay: form.transfersPerDay,
    workingStates: AGENT_LAB.workingStates,
    transferHours: AGENT_LAB.transferHours,
    callbackPreference: CALLBACK_PREFERENCE_BY_METHOD[form.callMethod],
    onboardingForm: AGENT_LAB.onboardingForm,
    salesperson: AGENT_LAB.salesperson,
  };
}

/** The same answer whether the e-mail had an account or not (issue 27 M5): no account data in it. */
export interface AgentLabSurveyResponse {
  ok: true;
  surveyId: number;
}

export interface PartnerApplicationResponse {
  ok: true;
  message: string;
  applicationId: number;
}
