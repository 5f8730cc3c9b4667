import { CircleHelp } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { ModalDialog } from '@/components/ModalDialog';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { helpContextOf } from '../help-context';
import { HelpResources } from './HelpResources';
import { QuickHelpFaq } from './QuickHelpFaq';
import { ScanTimes } from './ScanTimes';
import { SeverityTimes } from './SeverityTimes';

/** The dashboard's contextual Help dialog (spec part 2): Quick Help and Resources. */
export function HelpDialog() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <CircleHelp />
        <span className="sr-only sm:not-sr-only">Help</span>
      </Button>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title="Help"
        description="Answers for this page, typical times and where to read more."
      >
        <Tabs defaultValue="quick-help" className="min-w-0 gap-4">
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="quick-help">Quick Help</TabsTrigger>
            <TabsTrigger value="resources">Resources</TabsTrigger>
          </TabsList>
          <TabsContent value="quick-help" className="space-y-4">
            <QuickHelpFaq initialContext={helpContextOf(pathname)} />
            <ScanTimes />
            <SeverityTimes />
          </TabsContent>
          <TabsContent value="resources">
            <HelpResources onNavigate={() => setOpen(false)} />
          </TabsContent>
        </Tabs>
      </ModalDialog>
    </>
  );
}
