import { Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { isOperator, usePrincipal } from '../../auth/principal';
import { draftFields } from '../../ui/draft-fields';
import type { FieldErrors } from '../../ui/field-errors';
import { RecordMultiSelect } from '../../ui/record-picker/RecordSelect';
import { CUSTOMERS, NOTIFICATION_DEFINITIONS } from '../../ui/record-picker/record-sources';
import { ReceiverAuthSettings } from './ReceiverAuthSettings';
import type { ReceiverFields } from './receiver-draft';

/** Fields whose errors this form shows beside them. */
export const shownHere = (field: string) =>
  /^(name|status|url|emails(\.\d+)?|emailTemplateName|useEmailTemplate|locale|notificationDefinitionIds(\.\d+)?|targetedCustomerIds(\.\d+)?|httpClientConfiguration\..+)$/.test(
    field,
  );

const STATUSES: ReceiverFields['status'][] = ['ACTIVE', 'INACTIVE'];

/** Where a receiver's notifications go (web hook, e-mail or both), which definitions it hears, and how it authenticates. */
export function ReceiverForm({
  fields,
  onChange,
  errors,
  readOnly,
}: {
  fields: ReceiverFields;
  onChange: (fields: ReceiverFields) => void;
  errors: FieldErrors;
  readOnly: boolean;
}) {
  const operator = isOperator(usePrincipal());
  const set = (patch: Partial<ReceiverFields>) => onChange({ ...fields, ...patch });
  const inputs = draftFields({ draft: fields, update: set, errors, readOnly });
  const channels = [...(fields.byWebHook ? ['webhook'] : []), ...(fields.byEmail ? ['email'] : [])];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="Name" required {...inputs.text('name')} />
        <Select label="Status" data={STATUSES} allowDeselect={false} {...inputs.choice('status', STATUSES)} />
      </SimpleGrid>
      <Checkbox.Group
        label="Deliver by"
        description="a web hook, e-mails, or both"
        value={channels}
        onChange={(value) => set({ byWebHook: value.includes('webhook'), byEmail: value.includes('email') })}
      >
        <Group mt={4}>
          <Checkbox value="webhook" label="Web hook" disabled={readOnly} />
          <Checkbox value="email" label="E-mail" disabled={readOnly} />
        </Group>
      </Checkbox.Group>
      {fields.byWebHook && (
        <TextInput
          label="Web hook URL"
          description="http(s)://… receiving a signed POST per notification"
          required
          type="url"
          {...inputs.text('url')}
        />
      )}
      {fields.byEmail && (
        <Fieldset legend="E-mail">
          <Stack gap="sm">
            <TextInput
              label="E-mail addresses"
              description="comma-separated, at most 50"
              required
              {...inputs.text('emails')}
            />
            <Switch label="Use a named e-mail template (an uploaded asset)" {...inputs.checked('useEmailTemplate')} />
            {fields.useEmailTemplate && (
              <TextInput
                label="E-mail template name"
                description="the asset's file name, e.g. order-paid.html"
                required
                {...inputs.text('emailTemplateName')}
                // The switch takes no error of its own: a refusal of it is said here.
                error={inputs.error('emailTemplateName') ?? inputs.error('useEmailTemplate')}
              />
            )}
            <TextInput
              label="Locale"
              description="picks order-paid.de-CH.html before order-paid.html"
              {...inputs.text('locale')}
            />
          </Stack>
        </Fieldset>
      )}
      <RecordMultiSelect
        source={NOTIFICATION_DEFINITIONS}
        label="Definitions it listens to"
        {...inputs.list('notificationDefinitionIds')}
      />
      {operator ? (
        <RecordMultiSelect
          source={CUSTOMERS}
          label="Only events of these customers"
          description="empty: every event the definitions match"
          {...inputs.list('targetedCustomerIds')}
        />
      ) : (
        <TagsInput
          label="Only events of these customers (ids)"
          description="empty: every event the definitions match"
          {...inputs.list('targetedCustomerIds')}
        />
      )}
      {fields.byWebHook && <ReceiverAuthSettings fields={fields} set={set} errors={errors} readOnly={readOnly} />}
    </Stack>
  );
}
