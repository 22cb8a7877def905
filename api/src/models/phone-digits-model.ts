// A model whose `phone` is searched by its digits (issue 36 point 5, decision 227): every insert and patch that
// sets the phone sets `phone_digits` too, so a phone typed in any form matches by equality on that indexed column.
import { Model, type ModelOptions, type QueryContext } from 'objection';
import { phoneDigits } from '@tm/shared/logic/phone-search';

function syncPhoneDigits(model: Model): void {
  const row = model as unknown as { phone?: unknown; phoneDigits?: string | null };
  if (typeof row.phone === 'string') row.phoneDigits = phoneDigits(row.phone);
}

export class PhoneDigitsModel extends Model {
  override $beforeInsert(ctx: QueryContext): void | Promise<void> {
    syncPhoneDigits(this);
    return super.$beforeInsert(ctx);
  }
  override $beforeUpdate(opt: ModelOptions, ctx: QueryContext): void | Promise<void> {
    syncPhoneDigits(this);
    return super.$beforeUpdate(opt, ctx);
  }
}
