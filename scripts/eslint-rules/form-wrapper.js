// portal/form-wrapper: a portal screen builds its forms with <Form schema> (portal/src/components/ui/form,
// decision 257), never a bare <form>: so every form is checked by its zod schema through react-hook-form
// and shows a server refusal on the fields it names, the same way. Lowercase JSX `form` only; the Form
// component itself is outside the rule's files (eslint.config.js).
/** @type {import('eslint').Rule.RuleModule} */
export const formWrapper = {
  meta: {
    type: 'problem',
    docs: { description: 'Portal forms use <Form schema> from components/ui/form, not a bare <form>' },
    messages: {
      bare: 'Build this form with <Form schema> from components/ui/form (decision 257): a bare <form> skips the schema check and the one server-refusal mapping.',
    },
    schema: [],
  },
  create(context) {
    return {
      JSXOpeningElement(node) {
        if (node.name.type === 'JSXIdentifier' && node.name.name === 'form') context.report({ node, messageId: 'bare' });
      },
    };
  },
};

export default { rules: { 'form-wrapper': formWrapper } };
