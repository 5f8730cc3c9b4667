import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ForgotPasswordForm } from '@/features/auth/components/ForgotPasswordForm';
import { SignInForm } from '@/features/auth/components/SignInForm';
import { SignUpForm } from '@/features/auth/components/SignUpForm';

type TAuthTab = 'signin' | 'signup';

/** Sign In (default) and Sign Up tabs; the Sign In tab can switch to the reset-link form. */
export function AuthTabs() {
  const [tab, setTab] = useState<TAuthTab>('signin');
  const [forgot, setForgot] = useState(false);
  const [email, setEmail] = useState('');

  const showSignIn = (nextEmail: string) => {
    setEmail(nextEmail);
    setForgot(false);
    setTab('signin');
  };

  return (
    <Card className="shadow-lg">
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">
          <h1>Welcome to NetGuard</h1>
        </CardTitle>
        <CardDescription>Sign in to your account or create a new one</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(value) => setTab(value as TAuthTab)}>
          <TabsList className="mb-4 grid w-full grid-cols-2">
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            {forgot ? (
              <ForgotPasswordForm defaultEmail={email} onBack={() => setForgot(false)} />
            ) : (
              <SignInForm
                key={email}
                defaultEmail={email}
                onForgotPassword={() => setForgot(true)}
              />
            )}
          </TabsContent>
          <TabsContent value="signup">
            <SignUpForm onSignedUp={showSignIn} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
