// The dashboard's informational panels: Coming Soon placeholders, the training entries and Support.
import { Link } from 'react-router';
import { FREE_RESOURCES, formatUsd } from '@tm/shared';
import { Badge } from './ui.tsx';
import { Icon } from '../../../components/layout/Icon.tsx';

// The same contact details as the public site (PUBLIC_CONTACT_* there, VITE_CONTACT_* here).
const env = (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {};
const SUPPORT_EMAIL = env.VITE_CONTACT_EMAIL?.trim() || 'support@example.com';
const SUPPORT_PHONE = env.VITE_CONTACT_PHONE?.trim() || '(800) 555-0199';
const telHref = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') || digits.length !== 10 ? digits : `+1${digits}`}`;
};

export function ComingSoonPanel({ title, description }: { title: string; description: string }) {
  return (
    <section aria-labelledby="coming-soon-title" className="dash-section">
      <div className="card dash-coming-soon">
        <div className="dash-empty-icon">
          <Icon name="hammer" size={36} />
        </div>
        <Badge tone="warning">Coming Soon</Badge>
        <h2 id="coming-soon-title">{title}</h2>
        <p className="muted">{description}</p>
      </div>
    </section>
  );
}

const COURSE_MODULES = [
  { title: 'Setting up your Business Manager', text: 'Pixel, domain verification and the ad account done right the first time.' },
  { title: 'Final expense ad creatives', text: 'Hooks, images and copy that pass review and bring in seniors who want coverage.' },
  { title: 'Lead forms that qualify', text: 'Higher-intent questions so you call people who are ready to talk.' },
  { title: 'Budget and scaling', text: 'When to raise spend, when to kill an ad set, and how to read cost per lead.' },
];

export function FacebookAdsCoursePanel() {
  const course = FREE_RESOURCES.find((r) => r.id === 'facebook-ads-course');
  return (
    <section aria-labelledby="fb-course-title" className="dash-section">
      <div className="dash-section-head">
        <div>
          <h2 id="fb-course-title">Facebook Ads Course</h2>
          <p className="muted">
            Generate your own final expense leads. Included with your account{course ? ` (a ${formatUsd(course.valueCents)} value)` : ''}.
          </p>
        </div>
      </div>
      <ol className="dash-module-list">
        {COURSE_MODULES.map((m, i) => (
          <li key={m.title} className="card">
            <span className="dash-module-number" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h3>{m.title}</h3>
              <p className="muted">{m.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <p>
        <Link className="btn" to="/training">
          Open the Training Center
        </Link>
      </p>
    </section>
  );
}

export function TrainingVideosPanel() {
  return (
    <section aria-labelledby="videos-title" className="dash-section">
      <div className="dash-section-head">
        <div>
          <h2 id="videos-title">Training Videos</h2>
          <p className="muted">HighLevel CRM, Trackdrive and insurance sales training, in short lessons.</p>
        </div>
      </div>
      <div className="dash-info-cards">
        {['HighLevel CRM Training', 'Trackdrive Training', 'Insurance Sales Training'].map((s) => (
          <div key={s} className="card dash-info-card">
            <div className="dash-info-icon">
              <Icon name="video" size={26} />
            </div>
            <h3>{s}</h3>
            <p className="muted">Step-by-step videos from our team.</p>
          </div>
        ))}
      </div>
      <p>
        <Link className="btn" to="/training">
          Watch in the Training Center
        </Link>
      </p>
    </section>
  );
}

export function SupportPanel() {
  return (
    <section aria-labelledby="support-title" className="dash-section">
      <div className="dash-section-head">
        <div>
          <h2 id="support-title">Support</h2>
          <p className="muted">Questions about an order, a transfer or a lead? We are here to help.</p>
        </div>
      </div>
      <div className="dash-info-cards">
        <div className="card dash-info-card">
          <div className="dash-info-icon">
            <Icon name="mail" size={26} />
          </div>
          <h3>Email</h3>
          <p>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
          <p className="muted small">We answer within one business day.</p>
        </div>
        <div className="card dash-info-card">
          <div className="dash-info-icon">
            <Icon name="phone" size={26} />
          </div>
          <h3>Phone</h3>
          <p>
            <a href={telHref(SUPPORT_PHONE)}>{SUPPORT_PHONE}</a>
          </p>
          <p className="muted small">Monday to Friday, 9am to 6pm EST.</p>
        </div>
        <div className="card dash-info-card">
          <div className="dash-info-icon">
            <Icon name="receipt" size={26} />
          </div>
          <h3>Billing disputes</h3>
          <p className="muted small">Transfers under the buffer are never billed. Send the call time and number and we will review it.</p>
        </div>
      </div>
    </section>
  );
}
