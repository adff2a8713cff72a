import { Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type ReactElement, useState } from 'react';
import { plainWords } from '../../api/api-error';
import { ColumnPreview } from './ColumnPreview';
import { DryRunStep } from './DryRunStep';
import { type ImportChoice, ImportFileStep } from './ImportFileStep';
import { formatOf } from './import-file';
import { useProductImport } from './import-queries';
import { UploadProgress } from './UploadProgress';
import type { ImportRequest } from './upload-import';
import { useImportUpload } from './use-import-upload';

const NOTHING_CHOSEN: ImportChoice = { file: null, mode: 'create', customerId: undefined };

/**
 * Products from a file, in three steps: the file and how to import it; its columns and first rows as read in the
 * browser; a dry run (every row checked by the service, nothing stored) and then the import itself, followed on its
 * own page.
 */
export function ImportWizard({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [choice, setChoice] = useState(NOTHING_CHOSEN);
  const dryRun = useImportUpload();
  const run = useImportUpload();
  const checked = useProductImport(dryRun.record?.id);
  const format = choice.file ? formatOf(choice.file) : undefined;
  const request = (asDryRun: boolean): ImportRequest | undefined =>
    choice.file && format
      ? { file: choice.file, format, mode: choice.mode, customerId: choice.customerId, dryRun: asDryRun }
      : undefined;

  const close = () => {
    dryRun.reset();
    run.reset();
    setStep(0);
    setChoice(NOTHING_CHOSEN);
    onClose();
  };
  // Another file, mode or owner is another import: its dry run is to be made again.
  const change = (changes: Partial<ImportChoice>) => {
    setChoice((current) => ({ ...current, ...changes }));
    dryRun.reset();
  };
  const check = () => {
    const asked = request(true);
    if (!asked) return;
    setStep(2);
    dryRun.start(asked);
  };
  const start = () => {
    const asked = request(false);
    if (!asked) return;
    run.start(asked, {
      onSuccess: (record) => {
        close();
        void navigate({ to: '/products/imports/$importId', params: { importId: record.id } });
      },
    });
  };
  // Run once the dry run has checked every row; refused rows do not stop it (the others are stored).
  const dryRunDone = (checked.data ?? dryRun.record)?.status === 'SUCCEEDED';

  return (
    <Modal opened={opened} onClose={close} title="Import products" size="xl">
      <Stack>
        <Stepper active={step} onStepClick={setStep} allowNextStepsSelect={false} size="sm">
          <Stepper.Step label="File" description="and how to import it">
            <ImportFileStep choice={choice} onChange={change} />
          </Stepper.Step>
          <Stepper.Step label="Columns" description="the first rows">
            {choice.file && format && <ColumnPreview file={choice.file} format={format} />}
          </Stepper.Step>
          <Stepper.Step label="Dry run" description="then run">
            <Stack>
              <DryRunStep upload={dryRun} />
              {run.sending && <UploadProgress fraction={run.fraction} label="Import" />}
            </Stack>
          </Stepper.Step>
        </Stepper>
        <Group justify="flex-end">
          {step === 0 ? (
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
          ) : (
            <Button variant="default" onClick={() => setStep(step - 1)} disabled={run.sending}>
              Back
            </Button>
          )}
          {step === 0 && (
            <Button onClick={() => setStep(1)} disabled={!format}>
              Preview the columns
            </Button>
          )}
          {step === 1 && <Button onClick={check}>Check (dry run)</Button>}
          {step === 2 && (
            <Button onClick={start} disabled={!dryRunDone} loading={run.sending}>
              Run the import
            </Button>
          )}
        </Group>
        {run.error && (
          <Text c="red.8" size="sm" role="alert">
            The import was not started: {plainWords(run.error)}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
