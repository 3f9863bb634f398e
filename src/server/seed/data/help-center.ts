import type { HelpArticle } from '@shared/contract/system';

/**
 * Help-centre articles per language (HTML). Anchors are stable across languages: /help#term opens
 * the terms (SHELL-07). `ty` is the platform's code for Vietnamese.
 */
export const HELP_CENTER: Record<string, HelpArticle[]> = {
  en: [
    {
      anchor: 'about',
      title: 'About us',
      content: `<p>We run an online entertainment platform with live casino, slots, fish games, card games, sports and e-sports betting, lottery and more, from licensed game providers.</p>
<p>Our support team is available around the clock through live chat, Telegram and Facebook Messenger. Use the customer-service links in the side menu to reach us.</p>`,
    },
    {
      anchor: 'term',
      title: 'Terms and conditions',
      content: `<h4>1. Eligibility</h4>
<p>You must be at least 18 years old, and of legal age to gamble where you live, to open an account. One account per person, household, IP address and payment method.</p>
<h4>2. Your account</h4>
<p>Keep your password and payment password secret. You are responsible for every action taken with your account. Tell us at once if you suspect someone else is using it.</p>
<h4>3. Deposits and withdrawals</h4>
<p>Funds must come from payment methods in your own name. Withdrawals are paid to accounts in the same name as your registered real name, after any turnover requirement of a bonus you accepted is met.</p>
<h4>4. Bonuses and promotions</h4>
<p>Each promotion has its own rules. Abuse of promotions, including multiple accounts or collusion, voids the bonus and its winnings.</p>
<h4>5. Fair play</h4>
<p>Game results are decided by the providers' certified systems. We may void bets placed through software faults, cheating or automated play.</p>
<h4>6. Changes</h4>
<p>We may update these terms. The version shown here is the one in force; continued use of the site means you accept it.</p>`,
    },
    {
      anchor: 'privacy',
      title: 'Privacy policy',
      content: `<p>We collect the details you give us when you register and play (such as username, mobile number, e-mail and real name), and technical data such as your IP address and device, to run your account, keep it secure and meet our legal duties.</p>
<p>Passwords are stored only as salted hashes. We never sell your data. We share it only with payment and game providers as needed to serve you, and with authorities where the law requires.</p>
<p>You may ask customer service for a copy of your data or to correct it.</p>`,
    },
    {
      anchor: 'responsible-gaming',
      title: 'Responsible gaming',
      content: `<p>Gaming should be fun, never a way to earn money or escape problems. Only play with money you can afford to lose.</p>
<ul>
<li>Set deposit, loss and session limits in your account. Lower limits apply at once; higher limits apply after a waiting period.</li>
<li>Take a time-out, or exclude yourself for a longer period, through customer service.</li>
<li>Watch for warning signs: chasing losses, borrowing to play, hiding your play from others.</li>
</ul>
<p>Players under 18 are not allowed. If gambling is harming you or someone close to you, contact customer service to close your account and seek help from a support organisation in your country.</p>`,
    },
    {
      anchor: 'deposit',
      title: 'How to deposit',
      content: `<ol>
<li>Sign in and press <strong>Deposit</strong> in the header or the side menu.</li>
<li>Choose a payment method and enter the amount, within the minimum and maximum shown.</li>
<li>Follow the payment instructions. Use an account in your own name and keep the reference shown.</li>
<li>Your balance is updated as soon as the payment is confirmed; you will also receive a message.</li>
</ol>
<p>If a deposit has not arrived after 30 minutes, contact customer service with the payment receipt.</p>`,
    },
    {
      anchor: 'withdraw',
      title: 'How to withdraw',
      content: `<ol>
<li>Set your payment password and bind a bank account in your own name in the security centre.</li>
<li>Press <strong>Withdraw</strong>, enter the amount and your payment password.</li>
<li>When the payment is sent, confirm that you received it, or mark it as not received and upload proof.</li>
</ol>
<p>If you do not confirm within the time shown, the withdrawal counts as received.</p>`,
    },
  ],
  ty: [
    {
      anchor: 'about',
      title: 'Về chúng tôi',
      content: `<p>Chúng tôi vận hành nền tảng giải trí trực tuyến với sòng bài trực tiếp, slot, bắn cá, game bài, cá cược thể thao và thể thao điện tử, xổ số và nhiều trò chơi khác từ các nhà cung cấp được cấp phép.</p>
<p>Đội ngũ chăm sóc khách hàng hỗ trợ 24/7 qua live chat, Telegram và Facebook Messenger. Hãy dùng các liên kết chăm sóc khách hàng ở menu bên để liên hệ với chúng tôi.</p>`,
    },
    {
      anchor: 'term',
      title: 'Điều khoản và điều kiện',
      content: `<h4>1. Điều kiện tham gia</h4>
<p>Bạn phải đủ 18 tuổi trở lên và đủ tuổi hợp pháp để tham gia cá cược tại nơi bạn sinh sống mới được mở tài khoản. Mỗi người, hộ gia đình, địa chỉ IP và phương thức thanh toán chỉ được có một tài khoản.</p>
<h4>2. Tài khoản của bạn</h4>
<p>Hãy giữ bí mật mật khẩu và mật khẩu rút tiền. Bạn chịu trách nhiệm về mọi hoạt động trên tài khoản của mình. Hãy báo ngay cho chúng tôi nếu nghi ngờ người khác đang sử dụng tài khoản.</p>
<h4>3. Nạp tiền và rút tiền</h4>
<p>Tiền nạp phải đến từ phương thức thanh toán đứng tên bạn. Tiền rút được chuyển vào tài khoản cùng tên với họ tên thật đã đăng ký, sau khi hoàn thành yêu cầu doanh thu của khuyến mãi bạn đã nhận.</p>
<h4>4. Tiền thưởng và khuyến mãi</h4>
<p>Mỗi chương trình khuyến mãi có quy định riêng. Lạm dụng khuyến mãi, bao gồm dùng nhiều tài khoản hoặc thông đồng, sẽ bị hủy tiền thưởng và tiền thắng liên quan.</p>
<h4>5. Chơi công bằng</h4>
<p>Kết quả trò chơi do hệ thống đã được kiểm định của nhà cung cấp quyết định. Chúng tôi có thể hủy các cược đặt nhờ lỗi phần mềm, gian lận hoặc chơi tự động.</p>
<h4>6. Thay đổi</h4>
<p>Chúng tôi có thể cập nhật các điều khoản này. Phiên bản hiển thị tại đây là phiên bản đang có hiệu lực; tiếp tục sử dụng trang web đồng nghĩa với việc bạn chấp nhận.</p>`,
    },
    {
      anchor: 'privacy',
      title: 'Chính sách bảo mật',
      content: `<p>Chúng tôi thu thập thông tin bạn cung cấp khi đăng ký và chơi (như tên đăng nhập, số điện thoại, e-mail và họ tên thật) cùng dữ liệu kỹ thuật như địa chỉ IP và thiết bị, để vận hành và bảo vệ tài khoản của bạn và thực hiện nghĩa vụ pháp lý.</p>
<p>Mật khẩu chỉ được lưu dưới dạng băm có muối. Chúng tôi không bao giờ bán dữ liệu của bạn, chỉ chia sẻ với nhà cung cấp thanh toán và trò chơi khi cần để phục vụ bạn, và với cơ quan chức năng khi pháp luật yêu cầu.</p>
<p>Bạn có thể yêu cầu bộ phận chăm sóc khách hàng cung cấp bản sao hoặc chỉnh sửa dữ liệu của mình.</p>`,
    },
    {
      anchor: 'responsible-gaming',
      title: 'Chơi có trách nhiệm',
      content: `<p>Trò chơi nên mang lại niềm vui, không phải cách kiếm tiền hay trốn tránh vấn đề. Chỉ chơi bằng số tiền bạn có thể chấp nhận mất.</p>
<ul>
<li>Đặt giới hạn nạp tiền, thua lỗ và thời gian chơi trong tài khoản. Giới hạn thấp hơn có hiệu lực ngay; giới hạn cao hơn có hiệu lực sau một thời gian chờ.</li>
<li>Tạm nghỉ hoặc tự loại trừ trong thời gian dài hơn thông qua bộ phận chăm sóc khách hàng.</li>
<li>Chú ý các dấu hiệu cảnh báo: cố gỡ lại tiền thua, vay tiền để chơi, giấu người khác việc mình chơi.</li>
</ul>
<p>Người dưới 18 tuổi không được phép tham gia. Nếu cờ bạc đang gây hại cho bạn hoặc người thân, hãy liên hệ chăm sóc khách hàng để đóng tài khoản và tìm sự hỗ trợ từ tổ chức chuyên môn tại quốc gia của bạn.</p>`,
    },
    {
      anchor: 'deposit',
      title: 'Hướng dẫn nạp tiền',
      content: `<ol>
<li>Đăng nhập và nhấn <strong>Nạp tiền</strong> ở đầu trang hoặc menu bên.</li>
<li>Chọn phương thức thanh toán và nhập số tiền trong khoảng tối thiểu và tối đa được hiển thị.</li>
<li>Làm theo hướng dẫn thanh toán. Dùng tài khoản đứng tên bạn và giữ lại mã tham chiếu.</li>
<li>Số dư được cập nhật ngay khi thanh toán được xác nhận; bạn cũng sẽ nhận được tin nhắn thông báo.</li>
</ol>
<p>Nếu sau 30 phút tiền nạp vẫn chưa vào tài khoản, hãy liên hệ chăm sóc khách hàng kèm biên lai thanh toán.</p>`,
    },
    {
      anchor: 'withdraw',
      title: 'Hướng dẫn rút tiền',
      content: `<ol>
<li>Đặt mật khẩu rút tiền và liên kết tài khoản ngân hàng đứng tên bạn trong trung tâm bảo mật.</li>
<li>Nhấn <strong>Rút tiền</strong>, nhập số tiền và mật khẩu rút tiền.</li>
<li>Khi khoản thanh toán được chuyển, hãy xác nhận đã nhận, hoặc đánh dấu chưa nhận và tải lên bằng chứng.</li>
</ol>
<p>Nếu bạn không xác nhận trong thời gian hiển thị, giao dịch rút tiền được xem là đã nhận.</p>`,
    },
  ],
};
