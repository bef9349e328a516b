import { Injectable } from '@nestjs/common';
import {
  ALARM_KIND_LABELS,
  ESCALATION_AUDIENCE_LABELS,
  EVENT_CATEGORY_FILTER_LABELS,
  DEFAULT_TIME_DESYNC_THRESHOLD_SECONDS,
  eventTimesText,
  formatEventTime,
  hwaddrToColonForm,
  isLocationShown,
  PRODUCT_NAME,
  type AlarmKind,
  type EscalationAudience,
  type InvitationMailJob,
  type PanelEventMessage,
} from '@app/contracts';
import { MAIL_TEMPLATES_DIR, MailTemplate, type RenderedMail } from '../templates/template-renderer.util';

/** What an alert mail says besides the event: names as this recipient sees them. */
export interface EventAlertContext {
  event: PanelEventMessage;
  recipientName: string;
  /** The recipient's name for the site (their claim's nickname, or the MAC). */
  siteName: string;
  /** The panel label: the network's name, or 'Panel {networkId}'. */
  panelName: string;
}

/** An outage mail: which panel, since when and (for 'panel-online') until when, as this recipient names the site. */
export interface PanelOutageContext {
  kind: 'panel-offline' | 'panel-online';
  hwaddr: string;
  lostAt: string;
  restoredAt: string | null;
  recipientName: string;
  /** The recipient's name for the site (their claim's nickname, or the MAC). */
  siteName: string;
}

/** A mail of an escalation step: the alarm nobody acknowledged, as this recipient names the site. */
export interface AlarmEscalationContext {
  alarmId: number;
  kind: AlarmKind;
  title: string;
  /** '' when it has none. */
  location: string;
  hwaddr: string;
  openedAt: Date;
  /** Minutes from its opening to the step. */
  minutes: number;
  step: number;
  audience: EscalationAudience;
  recipientName: string;
  siteName: string;
}

export interface PasswordResetContext {
  email: string;
  recipientName: string;
  resetPath: string;
  expiresAt: string;
}

const CATEGORY_COLOURS: Readonly<Record<string, string>> = {
  fire: '#dc3545',
  fault: '#b8860b',
  communication: '#b8860b',
};

/**
 * The text of every mail, from the template files (loaded once, at start, so a missing file stops
 * the app at boot rather than at the first alarm). Links point at the portal's public URL.
 */
@Injectable()
export class MailContent {
  private readonly eventAlert = MailTemplate.load(MAIL_TEMPLATES_DIR, 'event-alert');
  private readonly passwordReset = MailTemplate.load(MAIL_TEMPLATES_DIR, 'password-reset');
  private readonly invitation = MailTemplate.load(MAIL_TEMPLATES_DIR, 'invitation');
  private readonly alarmEscalation = MailTemplate.load(MAIL_TEMPLATES_DIR, 'alarm-escalation');
  private readonly panelOutage = {
    'panel-offline': MailTemplate.load(MAIL_TEMPLATES_DIR, 'panel-offline'),
    'panel-online': MailTemplate.load(MAIL_TEMPLATES_DIR, 'panel-online'),
  };

  constructor(
    private readonly publicUrl: string,
    /** TIME_DESYNC_THRESHOLD: past it, an event's time is told with the panel's beside the portal's. */
    private readonly timeDesyncThresholdSeconds = DEFAULT_TIME_DESYNC_THRESHOLD_SECONDS,
  ) {}

  eventAlertMail(context: EventAlertContext): RenderedMail {
    const { event } = context;
    const label = EVENT_CATEGORY_FILTER_LABELS[event.category];
    const siteUrl = `${this.publicUrl}/site/${event.hwaddr}`;
    return this.eventAlert.render({
      categoryLabel: label.toUpperCase(),
      categoryText: `A ${label.toLowerCase()} event`,
      categoryColour: CATEGORY_COLOURS[event.category] ?? '#212529',
      title: event.title,
      location: isLocationShown(event.location) ? event.location : 'Not given',
      panelName: context.panelName,
      siteName: context.siteName,
      macAddress: hwaddrToColonForm(event.hwaddr),
      // When the portal received it, as every screen shows it; the panel's clock beside it when off.
      eventTime: eventTimesText(event, this.timeDesyncThresholdSeconds),
      eventsUrl: `${siteUrl}/events`,
      // Where the alarm this event opened (or joined) is acknowledged: the sign-in page leads on to it.
      alarmsUrl: `${this.publicUrl}/alarms`,
      siteConfigUrl: `${siteUrl}/about`,
      recipientName: context.recipientName,
      productName: PRODUCT_NAME,
    });
  }

  /** 'Panel communication lost' or 'restored' (docs/alerts.md). */
  panelOutageMail(context: PanelOutageContext): RenderedMail {
    const siteUrl = `${this.publicUrl}/site/${context.hwaddr}`;
    return this.panelOutage[context.kind].render({
      siteName: context.siteName,
      macAddress: hwaddrToColonForm(context.hwaddr),
      lostAt: formatEventTime(context.lostAt),
      restoredAt: context.restoredAt ? formatEventTime(context.restoredAt) : '',
      siteUrl,
      alarmsUrl: `${this.publicUrl}/alarms`,
      siteConfigUrl: `${siteUrl}/about`,
      recipientName: context.recipientName,
      productName: PRODUCT_NAME,
    });
  }

  /** '… not acknowledged after N minutes' (docs/alarms.md, "Escalation"). */
  alarmEscalationMail(context: AlarmEscalationContext): RenderedMail {
    const label = ALARM_KIND_LABELS[context.kind];
    return this.alarmEscalation.render({
      kindLabel: label,
      kindText: label.toLowerCase(),
      kindColour: CATEGORY_COLOURS[context.kind] ?? '#212529',
      title: context.title,
      location: context.location || 'Not given',
      siteName: context.siteName,
      macAddress: hwaddrToColonForm(context.hwaddr),
      openedAt: formatEventTime(context.openedAt.toISOString()),
      minutes: String(context.minutes),
      step: String(context.step),
      audience: ESCALATION_AUDIENCE_LABELS[context.audience],
      alarmUrl: `${this.publicUrl}/alarms/${context.alarmId}`,
      siteUrl: `${this.publicUrl}/site/${context.hwaddr}`,
      recipientName: context.recipientName,
      productName: PRODUCT_NAME,
    });
  }

  invitationMail(job: InvitationMailJob): RenderedMail {
    return this.invitation.render({
      invitedBy: job.invitedBy,
      what: job.target === 'company' ? `the company ${job.targetName}` : `the site ${job.targetName}`,
      roleLabel: job.roleLabel,
      email: job.email,
      invitationUrl: `${this.publicUrl}${job.invitationPath}`,
      expiresAt: formatEventTime(job.expiresAt),
      productName: PRODUCT_NAME,
    });
  }

  passwordResetMail(context: PasswordResetContext): RenderedMail {
    return this.passwordReset.render({
      recipientName: context.recipientName,
      email: context.email,
      resetUrl: `${this.publicUrl}${context.resetPath}`,
      expiresAt: formatEventTime(context.expiresAt),
      productName: PRODUCT_NAME,
    });
  }
}
