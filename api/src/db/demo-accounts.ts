// The demo accounts of the seed and their published passwords (README, the login page's hint in
// development). One list: the seed makes the accounts from it, production refuses to start while any of
// these passwords opens an account (seed.ts), and every path that sets a password refuses them (issue 35 A3).
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@example.com', username: 'admin', password: 'demo-admin-pass', firstName: 'Avery', lastName: 'Admin' },
  agent: { email: 'agent@example.com', username: 'agent', password: 'demo-agent-pass', firstName: 'Jordan', lastName: 'Rivera' },
  agent2: { email: 'agent2@example.com', username: 'agent2', password: 'demo-agent2-pass', firstName: 'Casey', lastName: 'Nguyen' },
  trainingAdmin: { email: 'trainer@example.com', password: 'demo-trainer-pass' },
} as const;

/** Every published password (the start-up check tries each on every admin and training admin). */
export const PUBLISHED_PASSWORDS: readonly string[] = [DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.agent, DEMO_ACCOUNTS.agent2, DEMO_ACCOUNTS.trainingAdmin].map(
  (a) => a.password,
);

export const PUBLISHED_PASSWORD_MESSAGE = 'This password is published with the demo data. Choose another one.';

/** Is this one of the published passwords (as typed, or with blanks around it)? */
export const isPublishedPassword = (password: string): boolean => PUBLISHED_PASSWORDS.includes(password.trim());
