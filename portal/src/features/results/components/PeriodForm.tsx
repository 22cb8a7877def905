// The period Results shows, on <Form schema> (issue 39 point 1): two days, the end not before the start,
// said under the field before anything is asked.
import { z } from 'zod';
import { DATE_FILTER_MESSAGE } from '@tm/shared/schemas/appointments';
import { FieldError, Form, Input } from '../../../components/ui/form/index.ts';
import type { Period } from '../api/results.ts';

export const PERIOD_RANGE_MESSAGE = 'The end date must not be before the start date';

/** The period: two days, the end not before the start (the API refuses that too). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FILTER_MESSAGE);
const periodSchema = z.object({ from: day, to: day }).superRefine((p, ctx) => {
  if (p.to < p.from) ctx.addIssue({ code: 'custom', path: ['to'], message: PERIOD_RANGE_MESSAGE });
});

export function PeriodForm({ period, onApply }: { period: Period; onApply: (p: Period) => void }) {
  return (
    <Form schema={periodSchema} defaultValues={period} onSubmit={onApply} className="card res-period" aria-label="Period">
      <div className="field">
        <label htmlFor="res-from">From</label>
        <Input name="from" id="res-from" type="date" />
        <FieldError name="from" />
      </div>
      <div className="field">
        <label htmlFor="res-to">To</label>
        <Input name="to" id="res-to" type="date" />
        <FieldError name="to" />
      </div>
      <button type="submit" className="btn">
        Show
      </button>
    </Form>
  );
}
