import { BookOpen, CircleHelp, type LucideIcon, Sparkles } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { HELP_TABS, type HelpTab } from '../help-tabs';
import { useHelpTab } from '../use-help-tab';
import { FaqTab } from './FaqTab';
import { FeaturesTab } from './FeaturesTab';
import { UserGuideTab } from './UserGuideTab';

const TAB_ICONS: Record<HelpTab, LucideIcon> = {
  'user-guide': BookOpen,
  faq: CircleHelp,
  features: Sparkles,
};

export function HelpTabs() {
  const [tab, selectTab] = useHelpTab();
  return (
    <Tabs value={tab} onValueChange={selectTab} className="gap-6">
      <TabsList className="grid h-10 w-full grid-cols-3 sm:w-[27rem]">
        {HELP_TABS.map(({ value, label }) => {
          const Icon = TAB_ICONS[value];
          return (
            <TabsTrigger key={value} value={value}>
              <Icon />
              {label}
            </TabsTrigger>
          );
        })}
      </TabsList>
      <TabsContent value="user-guide">
        <UserGuideTab />
      </TabsContent>
      <TabsContent value="faq">
        <FaqTab />
      </TabsContent>
      <TabsContent value="features">
        <FeaturesTab />
      </TabsContent>
    </Tabs>
  );
}
