import { Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import { AddEntryForm } from '../../ui/AddEntryForm';
import { localesOf, TEXT_FIELDS, type Texts } from './product-draft';

const LOCALE = /^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/;

/**
 * The product's texts in each locale (its description's marketing name, short, long and thank-you texts). They are
 * saved with the product, which writes them to its description.
 */
export function DescriptionLocales({
  texts,
  onChange,
  readOnly,
  fallbackLocale,
}: {
  texts: Texts;
  onChange: (texts: Texts) => void;
  readOnly: boolean;
  fallbackLocale: string | undefined;
}): ReactElement {
  const [added, setAdded] = useState<string[]>([]);
  const locales = [...new Set([...localesOf(texts), ...added])];
  const [tab, setTab] = useState<string | null>(null);
  const [locale, setLocale] = useState('');
  const [problem, setProblem] = useState<string>();
  const current =
    tab && locales.includes(tab)
      ? tab
      : ((fallbackLocale && locales.includes(fallbackLocale) ? fallbackLocale : locales[0]) ?? null);

  const add = () => {
    if (!LOCALE.test(locale))
      return setProblem('A locale is a language code, optionally with a region: en, fr, fr_CA.');
    if (locales.includes(locale)) return setProblem(`${locale} is already there.`);
    setProblem(undefined);
    setAdded([...added, locale]);
    setTab(locale);
    setLocale('');
  };

  return (
    <Stack>
      {locales.length === 0 ? (
        <Text c="dimmed">
          No texts yet.{readOnly ? '' : ' Add a locale to write the marketing name and descriptions in it.'}
        </Text>
      ) : (
        <Tabs value={current} onChange={setTab} keepMounted={false}>
          <Tabs.List aria-label="Locales">
            {locales.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {name}
                {name === fallbackLocale ? ' (fallback)' : ''}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {locales.map((name) => (
            <Tabs.Panel key={name} value={name} pt="md">
              <Stack>
                {TEXT_FIELDS.map(({ field, label, long }) => {
                  const props = {
                    label: `${label} (${name})`,
                    readOnly,
                    value: texts[field][name] ?? '',
                    onChange: (event: { currentTarget: { value: string } }) =>
                      onChange({ ...texts, [field]: { ...texts[field], [name]: event.currentTarget.value } }),
                  };
                  return long ? (
                    <Textarea key={field} autosize minRows={2} maxRows={8} {...props} />
                  ) : (
                    <TextInput key={field} {...props} />
                  );
                })}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      {!readOnly && (
        <AddEntryForm onAdd={add} addLabel="Add locale" problem={problem}>
          <TextInput
            label="New locale"
            description="en, fr, fr_CA…"
            w={180}
            value={locale}
            onChange={(event) => setLocale(event.currentTarget.value)}
          />
        </AddEntryForm>
      )}
    </Stack>
  );
}
