import { type TCreateScanBody, UI_TEXT } from '@netguard/contracts';
import { Loader2, Play } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/features/auth/components/FormField';
import { PermissionNote } from '@/features/auth/components/PermissionNote';
import { usePermission } from '@/features/auth/use-permission';
import { AutoScanNotice } from '@/features/scans/components/AutoScanNotice';
import { PortsField } from '@/features/scans/components/PortsField';
import { RemainingScans, useRemainingScans } from '@/features/scans/components/RemainingScans';
import { ScanDetailsCard, SecurityNoticeCard } from '@/features/scans/components/ScanSideCards';
import { ScanTypeField } from '@/features/scans/components/ScanTypeField';
import { TargetHostsField } from '@/features/scans/components/TargetHostsField';
import {
  EMPTY_SCAN_FORM,
  isMissingRequired,
  type TScanFormValues,
  toCreateBody,
} from '@/features/scans/scan-form';
import { SCAN_PAGE_TEXT as T } from '@/features/scans/scan-text';

type ScanFormProps = {
  busy: boolean;
  onLaunch: (body: TCreateScanBody) => Promise<void>;
};

/** Scan Name, Scan Type and Target Hosts, then Launch Scan; beside it Scan Details and the Security Notice. */
export function ScanForm({ busy, onLaunch }: ScanFormProps) {
  const form = useForm<TScanFormValues>({ defaultValues: EMPTY_SCAN_FORM });
  const { errors } = form.formState;
  const [scanType, targets, ports] = useWatch({
    control: form.control,
    name: ['scan_type', 'target_hosts', 'ports'],
  });
  const remaining = useRemainingScans();
  const permission = usePermission('scan', 'create');

  const onSubmit = async (values: TScanFormValues) => {
    if (isMissingRequired(values)) {
      toast.error(UI_TEXT.missingFieldsTitle, { description: UI_TEXT.missingFieldsDescription });
      return;
    }
    const { body, errors: fieldErrors } = toCreateBody(values);
    if (!body) {
      for (const [field, message] of Object.entries(fieldErrors ?? {})) {
        form.setError(field as keyof TScanFormValues, { message });
      }
      return;
    }
    await onLaunch(body);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Scan Configuration</CardTitle>
          <CardDescription>
            Name the scan, choose what it checks and add its targets.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            onSubmit={form.handleSubmit(onSubmit)}
            noValidate
            className="space-y-5"
            aria-label="New scan"
          >
            <FormField
              id="scan-name"
              label="Scan Name"
              placeholder="Office network weekly scan"
              autoComplete="off"
              maxLength={100}
              error={errors.scan_name?.message}
              {...form.register('scan_name')}
            />
            <Controller
              control={form.control}
              name="scan_type"
              render={({ field }) => (
                <ScanTypeField value={field.value} onChange={field.onChange} />
              )}
            />
            <Controller
              control={form.control}
              name="target_hosts"
              render={({ field, fieldState }) => (
                <TargetHostsField
                  targets={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="ports"
              render={({ field, fieldState }) => (
                <PortsField
                  scanType={scanType}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <RemainingScans {...remaining} />
            <AutoScanNotice />
            <Button
              type="submit"
              size="lg"
              className="w-full"
              disabled={busy || remaining.exhausted || !permission.allowed}
            >
              {busy ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Play aria-hidden="true" />
              )}
              {busy ? T.launching : T.launch}
            </Button>
            <PermissionNote reason={permission.reason} />
          </form>
        </CardContent>
      </Card>
      <div className="space-y-6">
        <ScanDetailsCard scanType={scanType} targets={targets} ports={ports} />
        <SecurityNoticeCard />
      </div>
    </div>
  );
}
