// The plain-text pages: the service agreement (register dialog, footer) and the company
// introduction (footer). Plain statements of how the service works, not legal boilerplate.

export interface TextDoc {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const SERVICE_AGREEMENT: TextDoc = {
  title: "服务协议",
  intro: "欢迎使用本平台。本协议说明您注册并使用机票、火车票、酒店预订及企业差旅管理服务时，您与平台各自的权利和责任。请在注册前仔细阅读；勾选“我已阅读并同意《服务协议》”即表示您同意本协议。",
  sections: [
    {
      heading: "一、账号",
      paragraphs: [
        "您应使用本人手机号注册，并妥善保管登录密码与短信验证码。通过您的账号进行的预订、支付和设置，视为您本人的操作。",
        "发现账号被他人使用时，请立即修改密码并联系客服。平台会在核实后协助您冻结账号、终止未完成的订单。",
      ],
    },
    {
      heading: "二、预订与支付",
      paragraphs: [
        "航班、车次、酒店的价格与余量以您提交订单时页面显示为准。出票、出行及入住由航空公司、铁路部门和酒店按其规则提供，平台负责代为预订并及时告知结果。",
        "订单提交后请在页面提示的时限内完成支付；超时未支付的订单将被取消，所占座位或房间随之释放。企业客户按与平台约定的方式结算，相关订单可能显示为“确认订单”而不是“立即支付”。",
      ],
    },
    {
      heading: "三、退订与改签",
      paragraphs: [
        "退票、改签及酒店取消按承运人或酒店的规则办理，所产生的手续费以申请时页面显示为准。平台不额外收取未经告知的费用，也不默认勾选保险或其他增值服务。",
        "退款将原路退回，到账时间取决于支付渠道，一般为1至7个工作日。",
      ],
    },
    {
      heading: "四、企业差旅",
      paragraphs: [
        "企业管理员可设置员工、差旅标准、审批流程与代订人。员工的预订须符合所在企业的差旅规则，超出标准的预订需按企业设置的流程审批。",
        "企业账单按约定周期汇总，企业应按时核对并结算。",
      ],
    },
    {
      heading: "五、个人信息",
      paragraphs: [
        "为完成预订，平台需要收集出行人的姓名、证件号码、手机号等信息，并仅提供给承运人、酒店等为完成订单所必需的机构。我们不会出售您的个人信息。",
        "您可以在“个人资料”“常用旅客”中查看、修改或删除您保存的信息。",
      ],
    },
    {
      heading: "六、联系与变更",
      paragraphs: [
        "对服务有疑问或投诉，请拨打页面上方的客服电话，客服全天24小时受理。",
        "本协议如有修改，将在平台公示；修改后您继续使用服务的，视为接受修改后的协议。",
      ],
    },
  ],
};

export const PRIVACY_POLICY: TextDoc = {
  title: "隐私政策",
  intro: "本政策说明我们为提供预订服务会收集哪些信息、如何使用以及您可以如何管理这些信息。",
  sections: [
    {
      heading: "一、我们收集的信息",
      paragraphs: ["注册与登录所需的手机号；预订所需的出行人姓名、证件信息和联系方式；支付与开票所需的订单和发票抬头信息。"],
    },
    {
      heading: "二、信息的使用与共享",
      paragraphs: ["这些信息只用于完成您的订单、提供客户服务和满足法律要求，仅在完成订单所必需的范围内提供给承运人、酒店和支付机构。"],
    },
    {
      heading: "三、您的权利",
      paragraphs: ["您可以随时在账户中心查看、更正或删除个人资料与常用旅客信息，也可以联系客服注销账号。"],
    },
  ],
};

export const COMPANY_INTRO: TextDoc = {
  title: "关于我们",
  intro: "我们是一家专注于企业差旅与个人出行预订的在线服务平台，为个人会员、企业客户和合作伙伴提供机票、火车票与酒店的一站式预订。",
  sections: [
    {
      heading: "我们提供什么",
      paragraphs: [
        "国内、国际机票与全国火车票的实时查询和预订，覆盖主要城市的酒店预订，以及订单、常用旅客、发票与账单的在线管理。",
        "面向企业客户，我们提供员工管理、差旅标准、出差申请与审批、代订人设置、企业账单和消费报表，帮助企业把差旅政策落实到每一次预订中。",
      ],
    },
    {
      heading: "我们的承诺",
      paragraphs: [
        "价格保障：价格实时透明，不加收未经告知的费用。退订保障：按承运人和酒店规则及时办理退改。无捆绑销售：保险与增值服务由您自愿选择。24小时服务：客服全天候受理咨询与行程变更。",
      ],
    },
    {
      heading: "与我们合作",
      paragraphs: [
        "分销服务商与城市运营商可以加入合伙人计划，推荐会员与企业客户使用平台，并按协议获得分润收益。企业客户可注册企业账号，或致电客服了解协议价与结算方式。",
      ],
    },
  ],
};

/** agreement_frame/:type → document; unknown types show the service agreement. */
export function documentFor(kind: string | undefined): TextDoc {
  if (kind === "company") return COMPANY_INTRO;
  if (kind === "privacy_agreement" || kind === "privacy_policy" || kind === "privacy") return PRIVACY_POLICY;
  return SERVICE_AGREEMENT;
}
