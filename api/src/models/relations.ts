// The two kinds of relation the models declare, from their foreign keys: `belongsTo(User, 'leads.buyerId',
// 'users.id')` (this row's column names the other's key) and `hasMany(Lead, 'users.id', 'leads.buyerId')`
// (the other table's column names this row's key). Columns are camelCase, as everywhere in the code.
import { Model, type ModelClass, type RelationMapping } from 'objection';

export function belongsTo<M extends Model>(modelClass: ModelClass<M>, from: string, to: string): RelationMapping<Model> {
  return { relation: Model.BelongsToOneRelation, modelClass, join: { from, to } };
}

export function hasMany<M extends Model>(modelClass: ModelClass<M>, from: string, to: string): RelationMapping<Model> {
  return { relation: Model.HasManyRelation, modelClass, join: { from, to } };
}
