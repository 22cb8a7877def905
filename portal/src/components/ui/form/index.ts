// The portal's form pattern (decision 257): <Form schema> and its fields; every portal form uses it
// (eslint rule portal/form-wrapper).
export { Form, type FormMethods, type FormProps } from './form.tsx';
export { Field, FieldError, FormAlert, Input, Select, Textarea, useFieldError } from './field.tsx';
export { applyServerRefusal, FORM_REFUSAL } from './server-refusal.ts';
