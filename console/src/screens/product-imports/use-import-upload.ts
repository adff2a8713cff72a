import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type ImportRequest, uploadImport } from './upload-import';

/** One upload of an import at a time: its progress (0 to 1), its answer, and a way to stop it while it is sent. */
export function useImportUpload() {
  const [fraction, setFraction] = useState(0);
  const controller = useRef<AbortController | undefined>(undefined);
  const upload = useMutation({
    mutationFn: (request: ImportRequest) => {
      controller.current?.abort();
      controller.current = new AbortController();
      setFraction(0);
      return uploadImport(request, setFraction, controller.current.signal);
    },
  });
  return {
    start: upload.mutate,
    startAsync: upload.mutateAsync,
    sending: upload.isPending,
    fraction,
    record: upload.data,
    error: upload.error,
    reset: () => {
      controller.current?.abort();
      upload.reset();
      setFraction(0);
    },
  };
}

export type ImportUpload = ReturnType<typeof useImportUpload>;
