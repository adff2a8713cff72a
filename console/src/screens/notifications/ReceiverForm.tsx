import { Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { isOperator, usePrincipal } from '../../auth/principal';
import { RecordMultiSelect } from '../../ui/record-picker/RecordSelect';
import { CUSTOMERS, NOTIFICATION_DEFINITIONS } from '../../ui/record-picker/record-sources';
import { ReceiverAuthSettings } from './ReceiverAuthSettings';
import type { ReceiverFields } from './receiver-draft';

/** Fields whose errors this form shows beside them. */
export const shownHere = (field: string) =>
  /^(name|status|url|emails(\.\d+)?|emailTemplateName|useEmailTemplate|locale|notificationDefinitionIds(\.\d+)?|targetedCustomerIds(\.\d+)?|httpClientConfiguration\..+)$/.test(
    field,
  );

/** Where a receiver's notifications go (web hook, e-mail or both), which definitions it hears, and how it authenticates. */
export function ReceiverForm({
  fields,
  onChange,
  errors,
  readOnly,
}: {
  fields: ReceiverFields;
  onChange: (fields: ReceiverFields) => void;
  errors: Record<string, string>;
  readOnly: boolean;
}) {
  const operator = isOperator(usePrincipal());
  const set = (patch: Partial<ReceiverFields>) => onChange({ ...fields, ...patch });
  const channels = [...(fields.byWebHook ? ['webhook'] : []), ...(fields.byEmail ? ['email'] : [])];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label="Name"
          required
          value={fields.name}
          readOnly={readOnly}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={errors.name}
        />
        <Select
          label="Status"
          data={['ACTIVE', 'INACTIVE']}
          allowDeselect={false}
          value={fields.status}
          readOnly={readOnly}
          onChange={(value) => set({ status: value === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE' })}
          error={errors.status}
        />
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
          value={fields.url}
          readOnly={readOnly}
          onChange={(event) => set({ url: event.currentTarget.value })}
          error={errors.url}
        />
      )}
      {fields.byEmail && (
        <Fieldset legend="E-mail">
          <Stack gap="sm">
            <TextInput
              label="E-mail addresses"
              description="comma-separated, at most 50"
              required
              value={fields.emails}
              readOnly={readOnly}
              onChange={(event) => set({ emails: event.currentTarget.value })}
              error={errors.emails ?? Object.entries(errors).find(([field]) => field.startsWith('emails.'))?.[1]}
            />
            <Switch
              label="Use a named e-mail template (an uploaded asset)"
              checked={fields.useEmailTemplate}
              disabled={readOnly}
              onChange={(event) => set({ useEmailTemplate: event.currentTarget.checked })}
            />
            {fields.useEmailTemplate && (
              <TextInput
                label="E-mail template name"
                description="the asset's file name, e.g. order-paid.html"
                required
                value={fields.emailTemplateName}
                readOnly={readOnly}
                onChange={(event) => set({ emailTemplateName: event.currentTarget.value })}
                error={errors.emailTemplateName ?? errors.useEmailTemplate}
              />
            )}
            <TextInput
              label="Locale"
              description="picks order-paid.de-CH.html before order-paid.html"
              value={fields.locale}
              readOnly={readOnly}
              onChange={(event) => set({ locale: event.currentTarget.value })}
              error={errors.locale}
            />
          </Stack>
        </Fieldset>
      )}
      <RecordMultiSelect
        source={NOTIFICATION_DEFINITIONS}
        label="Definitions it listens to"
        value={fields.notificationDefinitionIds}
        readOnly={readOnly}
        onChange={(notificationDefinitionIds) => set({ notificationDefinitionIds })}
        error={
          errors.notificationDefinitionIds ??
          Object.entries(errors).find(([field]) => field.startsWith('notificationDefinitionIds.'))?.[1]
        }
      />
      {operator ? (
        <RecordMultiSelect
          source={CUSTOMERS}
          label="Only events of these customers"
          description="empty: every event the definitions match"
          value={fields.targetedCustomerIds}
          readOnly={readOnly}
          onChange={(targetedCustomerIds) => set({ targetedCustomerIds })}
          error={errors.targetedCustomerIds}
        />
      ) : (
        <TagsInput
          label="Only events of these customers (ids)"
          description="empty: every event the definitions match"
          value={fields.targetedCustomerIds}
          readOnly={readOnly}
          onChange={(targetedCustomerIds) => set({ targetedCustomerIds })}
          error={errors.targetedCustomerIds}
        />
      )}
      {fields.byWebHook && <ReceiverAuthSettings fields={fields} set={set} errors={errors} readOnly={readOnly} />}
    </Stack>
  );
}
