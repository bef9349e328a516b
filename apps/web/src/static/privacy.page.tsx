import { useAppSelector } from '../shared/store-hooks';
import { selectProviderName, selectSupportContact } from '../auth/auth.selectors';
import { PageHeader } from '../shared/page-header.component';

const PRIVACY_LAST_UPDATED = 'April 2023';

/** The privacy policy (spec 2.19); the provider and its contact come from the API's configuration. */
export function PrivacyPage() {
  const provider = useAppSelector(selectProviderName) ?? 'The provider of this service';
  const contact = useAppSelector(selectSupportContact);
  return (
    <article className="policy">
      <PageHeader
        crumbs={[{ label: 'Privacy Policy' }]}
        title="Privacy Policy"
        subtitle={`Last updated ${PRIVACY_LAST_UPDATED}`}
      />
      <p>
        {provider} (&ldquo;we&rdquo;) runs this portal for monitoring and controlling fire-alarm control panels. This
        policy explains what personal information we collect when you use it, why, how long we keep it, and the rights
        you have over it.
      </p>

      <h2>What we collect and why</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your name, e-mail address and password, and, if you give them, your company and
          telephone number. We use them to create your account, to sign you in, to tell other users of a site who
          resolved a notification, and to contact you about the service. Your password is stored only as a one-way hash.
        </li>
        <li>
          <strong>Your sites:</strong> the panels you add (their MAC address, the nickname you give them, the admin
          password you enter to prove access) and your choice of e-mail alerts. We use them to show you only the panels
          you are entitled to see and to send you the alerts you asked for.
        </li>
        <li>
          <strong>What your panels report:</strong> events (fires, faults and others, with the location text programmed
          into the panel), status and configuration. This is the service itself: we keep it to show you your
          sites&rsquo; history and to alert you.
        </li>
        <li>
          <strong>Technical data:</strong> the address your requests come from and the times of sign-ins and of commands
          sent to panels. We use it to keep the service secure, to limit repeated wrong passwords and to investigate
          misuse.
        </li>
      </ul>
      <p>
        Your browser keeps your sign-in token in its local storage so that you stay signed in; it is removed when you
        log out or it expires. We use no advertising or tracking cookies and we do not sell your information.
      </p>

      <h2>Who we share it with</h2>
      <p>
        Other users who have access to the same site see the site&rsquo;s events and the name of whoever resolved a
        notification. We use hosting and e-mail providers who process data only on our instructions. We disclose
        information to authorities only where the law requires it.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep your account for as long as it is open. When you remove yourself from a site your access to it ends at
        once; a site&rsquo;s event history stays with the site for its other users. When you ask us to close your
        account we delete your account details and your access to sites, except what we must keep by law. Security
        records are kept only as long as needed to protect the service.
      </p>

      <h2>Your rights</h2>
      <p>
        You may ask us for a copy of the personal information we hold about you, ask us to correct it (you can change
        your details yourself on the My Account page), to delete it, or to restrict or object to how we use it. You may
        also complain to your data-protection authority. We answer requests within one month.
      </p>

      <h2>Children</h2>
      <p>
        This service is not intended for children under 13 years of age, and we do not knowingly collect their
        information.
      </p>

      <h2>Changes to this policy</h2>
      <p>When we change this policy we update the date at the top of this page.</p>

      <h2>Contact</h2>
      <p>Questions about this policy or your information can be sent to {provider}:</p>
      <ul>
        {contact.email && (
          <li>
            Email: <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </li>
        )}
        {contact.phone && <li>Phone: {contact.phone}</li>}
        {contact.address && <li>Post: {contact.address}</li>}
        {!contact.email && !contact.phone && !contact.address && <li>through the contact given on the Help page.</li>}
      </ul>
    </article>
  );
}
