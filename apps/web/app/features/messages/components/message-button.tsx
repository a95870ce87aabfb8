import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useOpenConversation } from '../api/open-conversation';

/** "Message" from a booking or a client page: opens (or reuses) the conversation, then shows it. */
export function MessageButton({
  userIdentifier,
  threadPath,
}: {
  userIdentifier: string;
  threadPath(id: string): string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const open = useOpenConversation();
  return (
    <Button
      variant="secondary"
      loading={open.isPending}
      className="w-full sm:w-auto"
      data-testid="message-button"
      onClick={() =>
        open.mutate(userIdentifier, {
          onSuccess: (conversation) => navigate(threadPath(conversation.identifier)),
          onError: (error) => toast.error(error.message),
        })
      }
    >
      {t('messages.messageButton')}
    </Button>
  );
}
