import { Autocomplete, Fieldset, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { Schemas } from '../../api/client';
import { draftFields } from '../../ui/draft-fields';
import type { FieldErrors } from '../../ui/field-errors';
import { EventFilterRows, MONOSPACE_INPUT } from './EventFilterRows';
import { useEventCatalogue } from './event-catalogue';

export type DefinitionDraft = Schemas['NotificationDefinitionDraft'];

export const emptyDefinition = (): DefinitionDraft => ({
  name: '',
  eventMatcher: { fact: 'updated', subject: 'product', filters: [] },
  mainIdJsonPath: '$.involved.product.id',
  notificationPayload: { subject: '', content: '', type: '' },
});

/** The fields a person edits (server fields left out), so an edit compares with what was loaded. */
export function editable(definition: DefinitionDraft): DefinitionDraft {
  const { name, eventMatcher, mainIdJsonPath, notificationPayload } = definition;
  return {
    name,
    eventMatcher: { ...eventMatcher, filters: eventMatcher.filters ?? [] },
    mainIdJsonPath,
    notificationPayload: { subject: '', content: '', type: '', ...notificationPayload },
  };
}

/** Fields whose errors this form shows beside them. */
export const shownHere = (field: string) =>
  /^(name|eventMatcher\.(fact|subject|filters\.\d+(\.\w+)?)|mainIdJsonPath|notificationPayload\.(subject|content|type))$/.test(
    field,
  );

/** A definition's matcher (subject, fact, JSONPath filters), its main id path and its payload templates. */
export function DefinitionForm({
  value,
  onChange,
  errors,
  readOnly,
}: {
  value: DefinitionDraft;
  onChange: (draft: DefinitionDraft) => void;
  errors: FieldErrors;
  readOnly: boolean;
}) {
  const inputs = draftFields({ draft: value, update: (patch) => onChange({ ...value, ...patch }), errors, readOnly });
  const matcher = inputs.part('eventMatcher');
  const payload = inputs.part('notificationPayload');
  const catalogue = useEventCatalogue(value.eventMatcher.subject);
  return (
    <Stack>
      <TextInput label="Name" required {...inputs.text('name')} />
      <Fieldset legend="Event matcher">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Autocomplete
              label="Subject"
              description="From the event catalogue; an outside system's (order…) may be typed"
              required
              data={catalogue.subjects}
              {...matcher.value('subject')}
            />
            <Autocomplete
              label="Fact"
              description={
                catalogue.known
                  ? `What happens to a ${value.eventMatcher.subject}, from the catalogue`
                  : 'created, updated, paid…'
              }
              required
              data={catalogue.facts}
              {...matcher.value('fact')}
            />
          </SimpleGrid>
          <EventFilterRows
            filters={value.eventMatcher.filters ?? []}
            onChange={(filters) => onChange({ ...value, eventMatcher: { ...value.eventMatcher, filters } })}
            errors={errors}
            readOnly={readOnly}
          />
        </Stack>
      </Fieldset>
      <TextInput
        label="Main object id JSONPath"
        description="the id recorded on each notification, e.g. $.involved.product.id"
        required
        styles={MONOSPACE_INPUT}
        {...inputs.text('mainIdJsonPath')}
      />
      <Fieldset legend="Notification payload (Liquid templates over { event })">
        <Stack gap="sm">
          <Group grow wrap="wrap" align="start">
            <TextInput label="Payload subject" {...payload.text('subject')} miw={200} />
            <TextInput label="Payload type" {...payload.text('type')} miw={160} />
          </Group>
          <Textarea label="Payload content" autosize minRows={3} {...payload.text('content')} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}

/** The body to store: payload templates left empty are left out. */
export function definitionBody(draft: DefinitionDraft, dbVersion?: number): DefinitionDraft {
  const payload = Object.fromEntries(
    Object.entries(draft.notificationPayload).filter(([, text]) => text !== '' && text !== undefined),
  );
  return { ...draft, notificationPayload: payload, ...(dbVersion === undefined ? {} : { dbVersion }) };
}
