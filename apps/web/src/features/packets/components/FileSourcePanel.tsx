import type { TCaptureFile } from '@netguard/contracts';
import { CaptureFileList } from '@/features/packets/components/CaptureFileList';
import { UploadCapture } from '@/features/packets/components/UploadCapture';
import { useUploadCapture } from '@/features/packets/use-upload-capture';

type Props = {
  openedId: string | null;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
  onUploaded: (capture: TCaptureFile) => void;
};

/** The File source: upload a capture, then open one of the uploaded files. */
export function FileSourcePanel({ openedId, onOpen, onDeleted, onUploaded }: Props) {
  const upload = useUploadCapture(onUploaded);
  return (
    <div className="space-y-4">
      <UploadCapture
        progress={upload.progress}
        error={upload.error}
        onFile={(file) => void upload.upload(file)}
      />
      <CaptureFileList openedId={openedId} onOpen={onOpen} onDeleted={onDeleted} />
    </div>
  );
}
