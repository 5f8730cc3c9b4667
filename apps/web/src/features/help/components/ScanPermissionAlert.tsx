import { UI_TEXT } from '@netguard/contracts';
import { TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

export function ScanPermissionAlert() {
  return (
    <Alert className="border-amber-300 bg-amber-50 text-amber-900">
      <TriangleAlert />
      <AlertTitle>Scan only networks you are authorized to test</AlertTitle>
      <AlertDescription className="text-amber-800">{UI_TEXT.scanNotice}</AlertDescription>
    </Alert>
  );
}
