import type { TCaptureFile } from '@netguard/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { packetKeys } from '@/features/packets/api';
import { uploadCapture } from '@/features/packets/upload';
import { errorMessage } from '@/lib/api-client';

/** The upload of one capture file with its progress (0..1, null when idle) and its error. */
export function useUploadCapture(onUploaded: (capture: TCaptureFile) => void) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(
    async (file: File) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setError(null);
      setProgress(0);
      try {
        const capture = await uploadCapture(file, setProgress, current.signal);
        queryClient.setQueryData(packetKeys.capture(capture.id), capture);
        void queryClient.invalidateQueries({ queryKey: packetKeys.captures(), exact: true });
        toast.success(`Uploaded ${capture.name}: ${capture.packet_count} packets`);
        onUploaded(capture);
      } catch (failure) {
        if (current.signal.aborted) return;
        setError(errorMessage(failure));
        toast.error('Could not upload the capture', { description: errorMessage(failure) });
      } finally {
        if (controller.current === current) {
          controller.current = null;
          setProgress(null);
        }
      }
    },
    [queryClient, onUploaded],
  );

  return { upload, progress, uploading: progress !== null, error };
}
