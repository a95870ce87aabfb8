import { useNavigate } from 'react-router';
import { cn } from '#app/ui/cn';
import { ChatList } from './chat-list';
import { OfflineNotice } from './offline-notice';
import { ThreadView, type ThreadViewProps } from './thread-view';

export interface MessagesScreenProps {
  conversationId?: string;
  viewerId: string;
  language: string;
  listPath: string;
  threadPath(conversationId: string): string;
  deleteModal: ThreadViewProps['deleteModal'];
  emptyText: string;
}

/**
 * /messages and /messages/{id}: the list beside the thread on wide screens; on a phone the list
 * alone, or the thread alone with a way back.
 */
export function MessagesScreen(props: MessagesScreenProps) {
  const navigate = useNavigate();
  const { conversationId } = props;
  return (
    <div className="flex flex-col gap-3">
      <OfflineNotice />
      <div className="grid gap-4 md:grid-cols-[20rem_1fr]">
        <div className={cn(conversationId && 'hidden md:block')}>
          <ChatList
            activeId={conversationId}
            threadPath={props.threadPath}
            onOpened={(id) => navigate(props.threadPath(id))}
            language={props.language}
            viewerId={props.viewerId}
          />
        </div>
        {conversationId ? (
          <ThreadView
            key={conversationId}
            conversationId={conversationId}
            viewerId={props.viewerId}
            language={props.language}
            backPath={props.listPath}
            deleteModal={props.deleteModal}
          />
        ) : (
          <div className="hidden items-center justify-center rounded-2xl border border-dashed border-slate-300 p-8 text-sm text-slate-600 md:flex">
            {props.emptyText}
          </div>
        )}
      </div>
    </div>
  );
}
